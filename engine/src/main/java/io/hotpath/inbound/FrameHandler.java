package io.hotpath.inbound;

/**
 * Receives the frames drained from a {@link ManyToOneFrameQueue}, on the consumer thread.
 */
@FunctionalInterface
public interface FrameHandler
{
    /**
     * @param target  the frame's target, never null.
     * @param message the frame's message, never null.
     * @return true when the frame was taken; false leaves it at the head of the queue and ends the drain, so a
     * consumer that cannot take a frame now (its target's mailbox is full) pushes back on the producers.
     */
    boolean onFrame(Object target, Object message);
}
