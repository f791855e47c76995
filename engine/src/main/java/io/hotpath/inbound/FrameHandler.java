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
     * @return false to end the drain after this frame: the consumer could not deliver it now and keeps it aside
     * (its target's mailbox is full), so it takes no more until that one is delivered, and producers feel the
     * back-pressure.
     */
    boolean onFrame(Object target, Object message);
}
