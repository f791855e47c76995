package io.hotpath.runtime.alternatives;

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
 * Why {@code Worker.run()} announces sleep with a volatile store: the same handshake as
 * {@code io.hotpath.runtime.WorkerWakeUpTest}, but with the cheaper release store of
 * {@code sleeping = 1}. A release store may be reordered after the following load of the producer word (the store
 * waits in the CPU's store buffer), so the worker can see the queue empty while the sender still sees it awake:
 * a lost wake-up.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender would unpark it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks on an empty queue; the sender wakes it.")
@Outcome(id = "0, [01]", expect = ACCEPTABLE, desc = "The worker saw the frame and stays up.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "Lost wake-up, the reason the engine uses a volatile store: store and load were reordered.")
@Outcome(expect = FORBIDDEN, desc = "The offer was refused by an empty open queue.")
@State
public class WakeUpWithReleaseStoreTest
{
    private static final VarHandle SLEEPING;

    static
    {
        try
        {
            SLEEPING = MethodHandles.lookup().findVarHandle(WakeUpWithReleaseStoreTest.class, "sleeping", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final ManyToOneFrameQueue inbound = new ManyToOneFrameQueue(2);
    private final Object target = new Object();
    private final Object message = new Object();
    private int sleeping;

    @Actor
    public void worker(final II_Result r)
    {
        SLEEPING.setRelease(this, 1);
        if (inbound.isEmpty())
        {
            r.r1 = 1;
            return;
        }
        r.r1 = 0;
        SLEEPING.setVolatile(this, 0);
    }

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
