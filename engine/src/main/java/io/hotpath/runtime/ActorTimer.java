package io.hotpath.runtime;

import io.hotpath.Cancellable;
import io.hotpath.timers.TimerTask;

/**
 * A message an actor scheduled to itself, once or periodically. Owner worker's thread only. A periodic timer keeps
 * its period from the first deadline, so it does not drift with the time its handler takes. A delay of
 * {@link Deadlines#NEVER} or more never fires and sets no timer.
 */
final class ActorTimer implements TimerTask, Cancellable
{
    private final ActorCell<?> cell;
    private final Object message;
    private final long periodNs;
    private long deadlineNs;
    private long timerId = -1;
    private boolean active;

    ActorTimer(final ActorCell<?> cell, final Object message, final long delayNs, final long periodNs)
    {
        this.cell = cell;
        this.message = message;
        this.periodNs = periodNs;
        this.active = Deadlines.ends(delayNs);
        if (active)
        {
            this.deadlineNs = cell.worker.runtime.clock.nanoTime() + delayNs;
            this.timerId = cell.worker.timers.schedule(deadlineNs, this);
        }
    }

    @Override
    public void onExpiry(final long nowNs)
    {
        if (!active)
        {
            return;
        }
        if (periodNs > 0)
        {
            deadlineNs += periodNs;
            if (deadlineNs - nowNs < 0)
            {
                // fell behind (a long pause): skip the missed ticks rather than firing a burst
                deadlineNs = nowNs + periodNs;
            }
            timerId = cell.worker.timers.schedule(deadlineNs, this);
        }
        else
        {
            active = false;
            cell.context.forget(this);
        }
        Delivery.deliver(cell.worker, cell, message, Delivery.ARRIVED);
    }

    @Override
    public boolean cancel()
    {
        if (!active)
        {
            return false;
        }
        active = false;
        cell.worker.timers.cancel(timerId);
        cell.context.forget(this);
        return true;
    }

    @Override
    public boolean isActive()
    {
        return active;
    }
}
