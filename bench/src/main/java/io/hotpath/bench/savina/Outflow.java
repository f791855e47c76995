package io.hotpath.bench.savina;

/**
 * Sends a long run of messages from one actor's turns, as far as the receivers take them now, and goes on in a later
 * turn. On a runtime whose queues are bounded (Hotpath), one turn that sends thousands of messages would meet the
 * full-queue policy; here a refused message is kept, the actor sends itself {@link #CONTINUE}, and it resumes the run
 * when that arrives, so the receivers' workers drain in between. On an unbounded runtime every message goes at once.
 * NOT thread safe: owned by one actor and used from its handler only.
 * <pre>{@code
 * if (message == START || message == Outflow.CONTINUE && out.resume())
 * {
 *     while (sent < total)
 *     {
 *         sent++;
 *         if (!out.send(target, next()))
 *         {
 *             return;                         // the message is kept; CONTINUE comes back
 *         }
 *     }
 * }
 * }</pre>
 */
public final class Outflow
{
    /** Told to the owner when a message was kept: call {@link #resume()} on it. */
    public static final Object CONTINUE = new Object()
    {
        @Override
        public String toString()
        {
            return "continue";
        }
    };

    private final ActorRuntime.Address self;
    private ActorRuntime.Address heldFor;
    private Object held;

    /**
     * @param self the owner's address, to which {@link #CONTINUE} is sent.
     */
    public Outflow(final ActorRuntime.Address self)
    {
        this.self = self;
    }

    /**
     * Send a message of the run: it is on its way, now or when {@link #resume()} sends it.
     *
     * @param to      the receiver.
     * @param message not null.
     * @return true when it went now; false when it was kept: the caller returns from its handler and sends nothing
     * more of the run until {@link #resume()} says true.
     */
    public boolean send(final ActorRuntime.Address to, final Object message)
    {
        if (to.offer(message))
        {
            return true;
        }
        heldFor = to;
        held = message;
        self.tell(CONTINUE);
        return false;
    }

    /**
     * On {@link #CONTINUE}: send the kept message.
     *
     * @return true when nothing is kept any more, so the run may go on; false when the receiver still had no room
     * (the message is kept again and {@link #CONTINUE} sent again).
     */
    public boolean resume()
    {
        final Object message = held;
        if (message == null)
        {
            return true;
        }
        final ActorRuntime.Address to = heldFor;
        held = null;
        heldFor = null;
        return send(to, message);
    }
}
