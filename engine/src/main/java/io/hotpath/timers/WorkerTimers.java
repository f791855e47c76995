package io.hotpath.timers;

import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.NanoClock;

import java.util.concurrent.TimeUnit;

/**
 * The timers of one worker: Agrona's {@link DeadlineTimerWheel} and the task of each timer. NOT thread safe: the
 * owning worker schedules, cancels and polls.
 */
public final class WorkerTimers implements DeadlineTimerWheel.TimerHandler
{
    /** 131 us ticks: fine enough for timeouts and backoff, coarse enough to catch up quickly after a pause. */
    private static final long TICK_NS = 1L << 17;
    private static final int TICKS_PER_WHEEL = 1024;
    private static final int EXPIRY_LIMIT = 64;

    private final NanoClock clock;
    private final DeadlineTimerWheel wheel;
    private final Long2ObjectHashMap<TimerTask> tasks = new Long2ObjectHashMap<>();

    /**
     * @param clock the clock deadlines are measured by.
     */
    public WorkerTimers(final NanoClock clock)
    {
        this.clock = clock;
        this.wheel = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, clock.nanoTime(), TICK_NS, TICKS_PER_WHEEL);
    }

    /**
     * @return the clock.
     */
    public NanoClock clock()
    {
        return clock;
    }

    /**
     * @param deadlineNs when, by {@link #clock()}.
     * @param task       what to run then.
     * @return the timer's id, for {@link #cancel(long)}.
     */
    public long schedule(final long deadlineNs, final TimerTask task)
    {
        final long id = wheel.scheduleTimer(deadlineNs);
        tasks.put(id, task);
        return id;
    }

    /**
     * @param timerId an id from {@link #schedule}.
     * @return true if the timer was pending and will not fire.
     */
    public boolean cancel(final long timerId)
    {
        if (tasks.remove(timerId) != null)
        {
            wheel.cancelTimer(timerId);
            return true;
        }
        return false;
    }

    /**
     * @return timers pending.
     */
    public int count()
    {
        return tasks.size();
    }

    /**
     * Fire what is due. Cheap when nothing is scheduled: the clock is not even read. The wheel moves one tick per
     * poll, so after a pause (a park, a slow handler) this polls until it has caught up with the clock.
     *
     * @return timers fired.
     */
    public int poll()
    {
        if (tasks.isEmpty())
        {
            return 0;
        }
        final long nowNs = clock.nanoTime();
        int fired = 0;
        while (true)
        {
            // a poll scans the current tick's spoke, then moves on a tick if the clock has passed it
            final long tickEndNs = wheel.currentTickTime();
            fired += wheel.poll(nowNs, this, EXPIRY_LIMIT - fired);
            if (fired >= EXPIRY_LIMIT || tasks.isEmpty() || wheel.currentTickTime() == tickEndNs)
            {
                return fired;
            }
        }
    }

    @Override
    public boolean onTimerExpiry(final TimeUnit timeUnit, final long nowNs, final long timerId)
    {
        final TimerTask task = tasks.remove(timerId);
        if (task != null)
        {
            task.onExpiry(nowNs);
        }
        return true;
    }
}
