package io.hotpath.bench.remote;

import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The message of the remote scenarios: 32 bytes on the wire (the send time, the thread that answered, a sequence
 * and a spare word), the same size every implementation sends. Mutable and reused: NOT thread safe, owned by whoever
 * holds it.
 */
public final class Ping
{
    /** Bytes on the wire. */
    public static final int LENGTH = 32;
    /** Its type id in Hotpath frames. */
    public static final int TYPE_ID = Codecs.FIRST_USER_TYPE_ID + 10;

    /** System.nanoTime() when the round trip began. */
    public long stampNs;
    /** The thread that answered. */
    public long threadId;
    /** Sequence within the sender. */
    public long sequence;
    /** Unused: keeps the size at 32 bytes. */
    public long spare;

    /**
     * @param codecs a builder.
     * @return it, with pings registered.
     */
    public static Codecs.Builder register(final Codecs.Builder codecs)
    {
        return codecs.add(TYPE_ID, Ping.class, PingCodec::new);
    }

    /**
     * Encodes a ping in 32 bytes and decodes into one ping it reuses: safe where the receiver handles each ping
     * before the next is decoded (a ping-pong; a blast's receiver reads nothing). One per thread.
     */
    static final class PingCodec implements Codec<Ping>
    {
        private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
        private final Ping reused = new Ping();

        @Override
        public int encodedLength(final Ping message)
        {
            return LENGTH;
        }

        @Override
        public int encode(final Ping message, final MutableDirectBuffer buffer, final int offset)
        {
            buffer.putLong(offset, message.stampNs, ORDER);
            buffer.putLong(offset + 8, message.threadId, ORDER);
            buffer.putLong(offset + 16, message.sequence, ORDER);
            buffer.putLong(offset + 24, message.spare, ORDER);
            return LENGTH;
        }

        @Override
        public Ping decode(final DirectBuffer buffer, final int offset, final int length)
        {
            final Ping ping = reused;
            ping.stampNs = buffer.getLong(offset, ORDER);
            ping.threadId = buffer.getLong(offset + 8, ORDER);
            ping.sequence = buffer.getLong(offset + 16, ORDER);
            ping.spare = buffer.getLong(offset + 24, ORDER);
            return ping;
        }
    }
}
