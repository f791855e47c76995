package io.hotpath;

/**
 * A message an actor scheduled to itself. NOT thread safe: use it from the actor that scheduled it.
 */
public interface TimerHandle
{
    /**
     * @return true if the timer was pending (or periodic) and will not fire again.
     */
    boolean cancel();

    /**
     * @return true while the timer may still fire.
     */
    boolean isActive();
}
