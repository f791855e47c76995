package io.hotpath.runtime;

import io.hotpath.MonitorCheck;

import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;

/**
 * Finds a monitor held by a method about to suspend. The JDK lets a continuation suspend with a monitor held, but
 * a worker thread that then meets the same lock again (another actor's synchronized block) would wait for itself
 * forever, so await refuses instead. The check reads the thread's own locked monitors, which is slow
 * (docs/lab/2026-11-21-monitor-check-cost.md): it runs only when an await really suspends, never on the per-message
 * path, and under {@link MonitorCheck#SAMPLED} only for the first suspensions of each actor class. Thread safe.
 */
final class MonitorGuard
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final String FIBER = Fiber.class.getName();
    /** Suspensions checked so far per actor class; racy increments only make a few more checks. */
    private static final ClassValue<int[]> CHECKED = new ClassValue<>()
    {
        @Override
        protected int[] computeValue(final Class<?> type)
        {
            return new int[1];
        }
    };

    private MonitorGuard()
    {
    }

    /**
     * @param cell  the actor whose method is about to suspend.
     * @param check the engine's setting.
     * @return a description of a monitor the method holds, or null when it holds none or is not checked.
     */
    static String heldMonitor(final ActorCell<?> cell, final MonitorCheck check)
    {
        if (check == MonitorCheck.OFF)
        {
            return null;
        }
        // a stopped actor's cell has dropped its instance: its method (still running) is checked every time
        final Object actor = cell.actor;
        if (check == MonitorCheck.SAMPLED && actor != null)
        {
            final int[] checked = CHECKED.get(actor.getClass());
            if (checked[0] >= MonitorCheck.SAMPLED_SUSPENSIONS)
            {
                return null;
            }
            checked[0]++;
        }
        return heldMonitor();
    }

    /**
     * @return a description of a monitor the calling fiber's method holds (locked above the fiber's own frame), or
     * null when it holds none.
     */
    static String heldMonitor()
    {
        if (!THREADS.isObjectMonitorUsageSupported())
        {
            return null;
        }
        final ThreadInfo[] infos = THREADS.getThreadInfo(new long[]{Thread.currentThread().threadId()}, true, false);
        if (infos.length == 0 || infos[0] == null)
        {
            return null;
        }
        final StackTraceElement[] stack = infos[0].getStackTrace();
        int fiberDepth = stack.length;
        for (int i = 0; i < stack.length; i++)
        {
            if (FIBER.equals(stack[i].getClassName()) &&
                ("run".equals(stack[i].getMethodName()) || "runDirect".equals(stack[i].getMethodName())))
            {
                fiberDepth = i;
                break;
            }
        }
        for (final MonitorInfo monitor : infos[0].getLockedMonitors())
        {
            if (monitor.getLockedStackDepth() >= 0 && monitor.getLockedStackDepth() < fiberDepth)
            {
                return monitor.getClassName() + " locked in " + monitor.getLockedStackFrame();
            }
        }
        return null;
    }
}
