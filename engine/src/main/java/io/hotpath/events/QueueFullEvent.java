package io.hotpath.events;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A send refused for a full queue (a mailbox, an inbound queue, a worker's backlog, a congested actor) under the
 * full-queue policy: it failed, or was dropped as a dead letter. Committed on the sending thread, with its stack.
 */
@Name("io.hotpath.QueueFull")
@Label("Queue Full")
@Category("Hotpath")
public final class QueueFullEvent extends Event
{
    /** The actor the message was for. */
    @Label("Target")
    public String target;

    /** Its worker's thread name. */
    @Label("Worker")
    public String worker;

    /** What was full, as the refusal says it. */
    @Label("Queue")
    public String queue;

    /** The full-queue policy applied: fail, drop, wait (timed out), or offer (no room now). */
    @Label("Policy")
    public String policy;
}
