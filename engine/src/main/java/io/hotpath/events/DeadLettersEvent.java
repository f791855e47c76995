package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Period;
import jdk.jfr.StackTrace;

/**
 * Dead letters of one engine and one reason counted in the last period (one event per engine and reason with a
 * count above 0, never one per message). Committed by JFR's periodic thread.
 */
@Name("io.hotpath.DeadLetters")
@Label("Dead Letters")
@Category("Hotpath")
@Description("Dead letters counted in the period, per engine and reason")
@Period("1 s")
@StackTrace(false)
public final class DeadLettersEvent extends Event
{
    /** The engine's name. */
    @Label("Engine")
    public String engine;

    /** The reason ({@code io.hotpath.DeadLetterReason}). */
    @Label("Reason")
    public String reason;

    /** Dead letters of this reason since the previous event. */
    @Label("Count")
    public long count;

    /** Dead letters of this reason since the engine started. */
    @Label("Total")
    public long total;
}
