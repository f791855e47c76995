package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** An actor's fault policy restarted it (at once, or after its backoff). Committed on the actor's worker. */
@Name("io.hotpath.ActorRestart")
@Label("Actor Restart")
@Category("Hotpath")
@StackTrace(false)
public final class ActorRestartEvent extends Event
{
    /** The actor's name. */
    @Label("Actor")
    public String actor;

    /** Its worker's thread name. */
    @Label("Worker")
    public String worker;

    /** The failure that made it restart. */
    @Label("Cause")
    public String cause;
}
