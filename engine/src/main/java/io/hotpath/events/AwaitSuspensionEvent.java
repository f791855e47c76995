package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** An await suspended its method; sampled (one suspension in {@link #SAMPLE} per worker). Worker thread. */
@Name("io.hotpath.AwaitSuspension")
@Label("Await Suspension")
@Category("Hotpath")
@Description("An await that suspended its sequential actor's method; one in 64 per worker")
@StackTrace(false)
public final class AwaitSuspensionEvent extends Event
{
    /** One suspension in this many per worker is an event. */
    public static final int SAMPLE = 64;

    /** The awaiting actor's name. */
    @Label("Actor")
    public String actor;

    /** Its worker's thread name. */
    @Label("Worker")
    public String worker;

    /** Suspensions on this worker so far. */
    @Label("Suspensions")
    public long suspensions;
}
