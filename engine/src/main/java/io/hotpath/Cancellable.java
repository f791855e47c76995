package io.hotpath;

/**
 * Something an actor set going for itself: a scheduled message or a repeating step. It ends when cancelled, when
 * the actor restarts and when it stops. NOT thread safe: use it from the actor that made it.
 */
public interface Cancellable
{
    /**
     * {@return true if it was active and now will not run again}
     */
    boolean cancel();

    /**
     * {@return true while it may still run}
     */
    boolean isActive();
}
