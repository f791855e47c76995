package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/** An actor has stopped (asked to, by its fault policy, with its parent, or as its factory failed). Worker thread. */
@Name("io.hotpath.ActorStop")
@Label("Actor Stop")
@Category("Hotpath")
@StackTrace(false)
public final class ActorStopEvent extends Event
{
    /** The actor's name. */
    @Label("Actor")
    public String actor;

    /** Its worker's thread name. */
    @Label("Worker")
    public String worker;

    /** Why its later messages are dead letters: ACTOR_STOPPED or START_FAILED. */
    @Label("Reason")
    public String reason;
}
