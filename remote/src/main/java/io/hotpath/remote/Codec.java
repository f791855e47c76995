package io.hotpath.remote;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Writes messages of one type into an Agrona buffer and reads them back, for remote actors. Registered with a type
 * id in {@link Codecs}; both nodes must register the same id for the same type, with codecs of the same
 * {@link #schema()}. Two nodes compare their codec tables when they meet, and refuse each other's messages of a type
 * id they disagree on (a {@code CODEC_MISMATCH} dead letter, and an error in both nodes' logs).
 * <p>
 * Threads: each worker of a node, and each thread outside the engine that sends, gets instances of its own from
 * the registration's supplier, so an instance is used by one thread at a time and may keep state (SBE flyweights,
 * a reused message).
 * <p>
 * Reuse on decode: the object {@link #decode} returns is handed to the receiving actor, which may hold it until
 * its handler has run; when the actor is busy that is after later frames were decoded (messages wait in its
 * mailbox, up to {@code mailbox.capacity}). A codec may return a reused object only where that cannot happen (the
 * receiver handles each message before the next arrives, as in a ping-pong), or it must cycle through more
 * instances than can wait. Returning a reused object is what makes the receive path allocate nothing.
 *
 * @param <M> the type of message.
 */
public interface Codec<M>
{
    /**
     * {@return the exact number of bytes {@link #encode} will write; or -1 when that is known only by encoding, in
     * which case the message is encoded into a buffer of the sending worker's and copied into the transport}
     *
     * @param message the message to send.
     */
    int encodedLength(M message);

    /**
     * Write the message. With a known length the buffer is the transport's own (zero copy), bounded to that length.
     *
     * @param message the message.
     * @param buffer  where to write.
     * @param offset  where to start.
     * @return the number of bytes written.
     */
    int encode(M message, MutableDirectBuffer buffer, int offset);

    /**
     * Read a message.
     *
     * @param buffer the frame, valid only during this call.
     * @param offset where the message starts.
     * @param length its length.
     * @return the message; see the class comment on reuse.
     */
    M decode(DirectBuffer buffer, int offset, int length);

    /**
     * {@return what this codec's bytes mean, compared with the other node's codec of the same type id when two nodes
     * meet: if the two differ (or the two types' names do), neither node sends the other messages of that type id}
     * By default the codec's class name, so a codec of another class, or a class renamed, is a mismatch. A codec
     * that writes an SBE message should name the message's schema and version instead, so that codecs of different
     * classes writing the same message agree and a new schema version is told from an old one: for example
     * {@code "sbe:" + OrderEncoder.SCHEMA_ID + ":" + OrderEncoder.SCHEMA_VERSION + ":" + OrderEncoder.TEMPLATE_ID}.
     * Called once when a node starts; it must not change.
     */
    default String schema()
    {
        return getClass().getName();
    }
}
