package io.hotpath.runtime.alternatives;

import io.hotpath.inbound.OneToOneFrameLane;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * Why a send through a lane to a worker that may park issues a full fence before it reads the sleep flag: the same
 * handshake as {@code io.hotpath.runtime.LaneWakeUpTest} without the fence. The lane's publication is a release
 * store, which may wait in the store buffer past the following load of the flag, so the worker can see the lane
 * empty while the sender still sees it awake: a lost wake-up.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender would unpark it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks on an empty lane; the sender wakes it.")
@Outcome(id = "0, [01]", expect = ACCEPTABLE, desc = "The worker saw the frame and stays up.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "Lost wake-up, the reason the engine fences: the publication and the load of the flag were reordered.")
@State
public class LaneWakeUpWithoutFenceTest
{
    private static final VarHandle SLEEPING;

    static
    {
        try
        {
            SLEEPING = MethodHandles.lookup().findVarHandle(LaneWakeUpWithoutFenceTest.class, "sleeping", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final OneToOneFrameLane lane = new OneToOneFrameLane(2);
    private final Object target = new Object();
    private final Object message = new Object();
    private int sleeping;

    @Actor
    public void worker(final II_Result r)
    {
        SLEEPING.setVolatile(this, 1);
        r.r1 = lane.isEmpty() ? 1 : 0;
    }

    @Actor
    public void sender(final II_Result r)
    {
        lane.offer(target, message);
        r.r2 = (int)SLEEPING.getVolatile(this) != 0 ? 1 : 0;
    }
}
