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
     * A thread outside the engine waits for room up to the configured send timeout, then gets a
     * {@link QueueFullException}. A worker never waits: not for its own actors' mailboxes (it is the one that empties
     * them), nor for another worker's inbound queue (two workers waiting for each other would deadlock); there the
     * send fails at once as under {@link #FAIL}, and {@link ActorRef#offer} lets an actor retry later instead.
     */
    WAIT;

    /**
     * {@return the name used in configuration, e.g. {@code wait}}
     */
    public String configName()
    {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
