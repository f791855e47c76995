package io.hotpath.jcstress.scheduling;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * No lost wake-up: a worker that may park and a thread that sends to it never both miss each other, i.e. the
 * worker never parks on a queue it saw empty while the sender, whose frame it did not see, skipped the unpark.
 * It is a Dekker pair: the worker's volatile store of {@code sleeping = 1} then its volatile load of the producer
 * word (in {@code isEmpty()}), against the sender's CAS of the producer word (in {@code offer}) then its volatile
 * load of {@code sleeping}; sequential consistency of the four accesses leaves at least one side seeing the other.
 * <p>
 * A model: the queue is the real {@link ManyToOneFrameQueue}, the rest copies package-private code of
 * {@code io.hotpath.scheduling.Worker} and must be kept in sync with it: the idle branch of {@code Worker.run()}
 * (store of sleeping, {@code inbound.isEmpty()}, park, store of 0) and {@code Worker.send()} with
 * {@code Worker.wake()} (offer, then a volatile read of sleeping and a CAS from 1 to 0 before {@code unpark}). The
 * park itself is not taken: the worker records that it would park, the sender that it would unpark.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender would unpark it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks on an empty queue; the sender wakes it.")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The worker saw the frame and stays up; no wake-up needed.")
@Outcome(id = "0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The worker saw the frame, but the sender read sleeping before it was cleared: a spare unpark, " +
    "harmless (the next park returns at once).")
@Outcome(id = "1, 0", expect = FORBIDDEN,
    desc = "Lost wake-up: the worker parks on a queue it saw empty and the sender skipped the unpark, so the " +
    "frame waits for the park's timeout.")
@Outcome(expect = FORBIDDEN, desc = "The offer was refused by an empty open queue.")
@State
public class WorkerWakeUpTest
{
    private static final VarHandle SLEEPING;

    static
    {
        try
        {
            SLEEPING = MethodHandles.lookup().findVarHandle(WorkerWakeUpTest.class, "sleeping", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final ManyToOneFrameQueue inbound = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Object message = new Object();
    /** As Worker.sleeping. */
    private int sleeping;

    /** Worker.run() after a duty cycle that did no work, with an idle strategy that may park. */
    @Actor
    public void worker(final II_Result r)
    {
        SLEEPING.setVolatile(this, 1);
        if (inbound.isEmpty())
        {
            // idle.idle(0) parks here; sleeping is cleared only after the park returns, so it stays as it is
            r.r1 = 1;
            return;
        }
        r.r1 = 0;
        SLEEPING.setVolatile(this, 0);
    }

    /** Worker.send() from a thread other than the owner, then Worker.wake(). */
    @Actor
    public void sender(final II_Result r)
    {
        if (inbound.offer(target, message) != ManyToOneFrameQueue.OK)
        {
            r.r2 = -1;
            return;
        }
        r.r2 = (int)SLEEPING.getVolatile(this) != 0 && SLEEPING.compareAndSet(this, 1, 0) ? 1 : 0;
    }
}
