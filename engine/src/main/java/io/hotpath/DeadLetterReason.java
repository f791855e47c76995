package io.hotpath;

/**
 * Why a message could not be delivered.
 */
public enum DeadLetterReason
{
    /** The target actor had stopped, or stopped with the message still queued. */
    ACTOR_STOPPED,
    /** A queue was full and the full-queue policy is DROP. */
    QUEUE_FULL,
    /** Sent by one of the engine's own actors while the engine was closing. */
    ENGINE_CLOSED,
    /** Still queued when the engine's close timeout ran out. */
    CLOSE_TIMEOUT,
    /** The actor could not be created: its factory threw or returned null. */
    START_FAILED,
    /**
     * A reply completed after its ask had timed out (or had been completed already). After a timeout the asker
     * chose, this is normal: the asker stopped waiting, and the answer came anyway.
     */
    LATE_REPLY,
    /**
     * Normal, not a failure: the answer to an ask its own caller had cancelled already (through a
     * {@code CancellationToken}, or a {@code TaskGroup} that closed with the ask still open). Counted apart so that
     * the other reasons keep meaning that something went wrong.
     */
    CANCELLED_BY_CALLER,
    /** Sent through an output port that was not bound to any actor. */
    PORT_UNBOUND,
    /**
     * For a remote actor whose node is unreachable: it never answered, it was lost (no heartbeat within the failure
     * timeout, or it said goodbye), or it is an earlier incarnation of a node that has restarted since.
     */
    NODE_UNREACHABLE,
    /** For a remote actor, of a class no codec was registered for. */
    NO_CODEC,
    /** For a remote actor: its codec threw while encoding it, or wrote another length than it announced. */
    ENCODE_FAILED,
    /** A frame from the network that did not decode: its codec threw, its type has no codec here, or it is malformed. */
    DECODE_FAILED,
    /** For a remote actor, longer once encoded than the largest message the transport carries. */
    MESSAGE_TOO_LARGE,
    /** A frame from the network for an actor that is not (or no longer) published on this node. */
    NOT_PUBLISHED,
    /**
     * A frame from the network addressed to an earlier incarnation of this node, or sent by a node incarnation that
     * is not connected (lost, or not yet known): dropped, so nothing of an old incarnation reaches a new one.
     */
    STALE_INCARNATION,
    /**
     * The actor was restarted by its fault policy after it had taken the ask (kept it with {@code replyLater}, or was
     * awaiting in the method that handled it): a restart ends the old instance's promises, as a stop does.
     */
    ACTOR_RESTARTED,
    /**
     * For a remote actor: the two nodes register different types, or different codecs, under the message's type id
     * (their codec tables, compared when they meet, disagree), so the receiver would read the bytes as another
     * type. Refused by the sending node, and by the receiving one should such a frame arrive; both nodes log the
     * type id and both types when they meet.
     */
    CODEC_MISMATCH
}
