package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A worker's turn ran longer than {@code stall.thresholdNs}: committed once per stall by the stall watcher, with the
 * stuck thread's stack as it sampled it (the event's own stack would be the watcher's). Filled in and committed by
 * the watcher thread only.
 */
@Name("io.hotpath.WorkerStall")
@Label("Worker Stall")
@Category("Hotpath")
@Description("A worker's turn (a handler, a repeating step, a timer's message) ran longer than the stall threshold")
@StackTrace(false)
public final class WorkerStallEvent extends Event
{
    /** The engine's name. */
    @Label("Engine")
    public String engine;

    /** The worker's thread name. */
    @Label("Worker")
    public String worker;

    /** The actor whose turn was innermost when the watcher looked. */
    @Label("Actor")
    public String actor;

    /** How long the turn had run when it was reported (at least). */
    @Label("Stalled For")
    @Timespan(Timespan.NANOSECONDS)
    public long stalledNs;

    /**
     * The worker thread's stack, sampled while it was stuck, one frame a line; or, when the turn ended before its
     * stack could be sampled, a line saying so.
     */
    @Label("Worker Stack")
    public String workerStack;
}
