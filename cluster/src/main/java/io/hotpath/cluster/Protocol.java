package io.hotpath.cluster;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.charset.StandardCharsets;

/**
 * The layout of the messages between clients and the service, little-endian, after Aeron Cluster's own session
 * header. Stateless.
 * <p>
 * Ingress (client to service, through the log): kind (byte), 3 bytes padding, actor id (int), client id (long),
 * sequence (long), type id (int), then the message as its codec wrote it. A client numbers its messages 1, 2, 3...
 * across sessions and leaders; the service applies each sequence once and drops a copy a client sent again after a
 * change of leader. A resolve carries the actor's name in UTF-8 instead of a message.
 * <p>
 * Egress (service to client): kind (byte), 7 bytes padding, sequence (long) of the message answered, type id or actor
 * id (int), then the answer as its codec wrote it, or a failure's class name, NUL and message (the type field 1 when
 * there is a message), or a rejection's reason in UTF-8 (the type field one of the {@code WHY_} codes).
 */
final class Protocol
{
    /** Ingress: a message without an answer. */
    static final byte TELL = 1;
    /** Ingress: a message whose answer (or failure) goes back on egress. */
    static final byte ASK = 2;
    /** Ingress: the id of the actor with the name in the payload. */
    static final byte RESOLVE = 3;
    /** Ingress: a tell the service acknowledges, so the client may forget what it kept to send again. */
    static final byte TELL_ACK = 4;

    /** Egress: an ask's answer. */
    static final byte ANSWER = 1;
    /** Egress: the actor asked threw or failed the reply: class name, NUL, message. */
    static final byte FAILURE = 2;
    /** Egress: a resolve's answer, the actor id in the type id field. */
    static final byte RESOLVED = 3;
    /** Egress: every message of the client up to this sequence has been applied. */
    static final byte ACK = 4;
    /** Egress: an ask sent again after a change of leader had been applied already; its answer is lost. */
    static final byte DUPLICATE = 5;
    /** Egress: the message could not be applied (unknown actor, no codec, undecodable); the payload says why. */
    static final byte REJECTED = 6;

    /** Why a message was rejected, in the type field of {@link #REJECTED}: no actor of that id or name. */
    static final int WHY_UNKNOWN_ACTOR = 1;
    /** Rejected: no codec for the message's or the answer's type. */
    static final int WHY_NO_CODEC = 2;
    /** Rejected: the codec could not read the message. */
    static final int WHY_DECODE_FAILED = 3;
    /** Rejected: the codec could not write the answer. */
    static final int WHY_ENCODE_FAILED = 4;

    static final int KIND_OFFSET = 0;
    static final int ACTOR_OFFSET = 4;
    static final int CLIENT_OFFSET = 8;
    static final int SEQUENCE_OFFSET = 16;
    static final int TYPE_OFFSET = 24;
    /** Length of the ingress header; the message follows. */
    static final int INGRESS_HEADER = 28;

    static final int EGRESS_SEQUENCE_OFFSET = 8;
    static final int EGRESS_TYPE_OFFSET = 16;
    /** Length of the egress header; the payload follows. */
    static final int EGRESS_HEADER = 20;

    private Protocol()
    {
    }

    static int putUtf8(final MutableDirectBuffer buffer, final int offset, final String text)
    {
        final byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        buffer.putBytes(offset, bytes);
        return bytes.length;
    }

    static String utf8(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
