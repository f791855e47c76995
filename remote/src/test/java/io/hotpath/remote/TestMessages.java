package io.hotpath.remote;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * Message types for tests, with codecs that behave badly on purpose.
 */
final class TestMessages
{
    /** No codec is ever registered for it. */
    record Unregistered(int value)
    {
    }

    /** Its codec throws when encoding. */
    record Unencodable(int value)
    {
    }

    /** Its codec encodes, and throws when decoding. */
    record Undecodable(int value)
    {
    }

    /** A fill of an order, with a fixed-length codec that keeps no state ({@link FillCodec}). */
    record Fill(long orderId, long price, long quantity)
    {
    }

    /**
     * Writes a {@link Fill} as three little-endian longs; its length is known, so the frame is claimed and written in
     * place. Stateless, so one instance serves every thread.
     */
    static final class FillCodec implements Codec<Fill>
    {
        /** The type id of fills in frames. */
        static final int TYPE_ID = Codecs.FIRST_USER_TYPE_ID + 7;
        private static final int LENGTH = 3 * Long.BYTES;

        static Codecs.Builder register(final Codecs.Builder codecs)
        {
            return codecs.addShared(TYPE_ID, Fill.class, new FillCodec());
        }

        @Override
        public int encodedLength(final Fill message)
        {
            return LENGTH;
        }

        @Override
        public int encode(final Fill fill, final MutableDirectBuffer buffer, final int offset)
        {
            buffer.putLong(offset, fill.orderId(), ByteOrder.LITTLE_ENDIAN);
            buffer.putLong(offset + Long.BYTES, fill.price(), ByteOrder.LITTLE_ENDIAN);
            buffer.putLong(offset + 2 * Long.BYTES, fill.quantity(), ByteOrder.LITTLE_ENDIAN);
            return LENGTH;
        }

        @Override
        public Fill decode(final DirectBuffer buffer, final int offset, final int length)
        {
            if (length != LENGTH)
            {
                throw new IllegalArgumentException("a fill is " + LENGTH + " bytes, not " + length);
            }
            return new Fill(buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN),
                buffer.getLong(offset + Long.BYTES, ByteOrder.LITTLE_ENDIAN),
                buffer.getLong(offset + 2 * Long.BYTES, ByteOrder.LITTLE_ENDIAN));
        }
    }

    private TestMessages()
    {
    }

    static Codecs codecs()
    {
        return Codecs.builder()
            .addShared(100, Unencodable.class, new Codec<>()
            {
                @Override
                public int encodedLength(final Unencodable message)
                {
                    return 4;
                }

                @Override
                public int encode(final Unencodable message, final MutableDirectBuffer buffer, final int offset)
                {
                    throw new IllegalStateException("cannot encode " + message);
                }

                @Override
                public Unencodable decode(final DirectBuffer buffer, final int offset, final int length)
                {
                    return new Unencodable(buffer.getInt(offset));
                }
            })
            .addShared(101, Undecodable.class, new Codec<>()
            {
                @Override
                public int encodedLength(final Undecodable message)
                {
                    return 4;
                }

                @Override
                public int encode(final Undecodable message, final MutableDirectBuffer buffer, final int offset)
                {
                    buffer.putInt(offset, message.value());
                    return 4;
                }

                @Override
                public Undecodable decode(final DirectBuffer buffer, final int offset, final int length)
                {
                    throw new IllegalStateException("cannot decode type 101");
                }
            })
            .build();
    }
}
