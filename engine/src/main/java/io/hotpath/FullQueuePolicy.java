package io.hotpath;

/**
 * What a send does when a bounded queue on its way (a worker's inbound queue or an actor's mailbox) is full.
 */
public enum FullQueuePolicy
{
    /**
     * Throw a {@link QueueFullException} naming the actor and the capacity.
     */
    FAIL,

    /**
     * Drop the message to dead letters, where it is counted with reason {@link DeadLetterReason#QUEUE_FULL}.
     */
    DROP,

    /**
     * Wait for room up to the configured send timeout, then throw a {@link QueueFullException}. A worker cannot
     * wait for its own actors' mailboxes (it is the one that empties them), so a full mailbox on the sender's own
     * worker fails at once.
     */
    WAIT;

    /**
     * @return the name used in configuration, e.g. {@code wait}.
     */
    public String configName()
    {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
