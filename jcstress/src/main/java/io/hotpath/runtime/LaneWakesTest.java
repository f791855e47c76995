package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.inbound.OneToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * No lost wake-up when a sender looks at a receiver's sleep flag once per duty cycle ({@link LaneWakes}): the
 * sender publishes two frames in one cycle through its lane; the first looks at the flag at once, the second only
 * marks the receiver, and the cycle's end looks at the marked one after one fence. The receiver takes the first
 * frame if it is there, then prepares to park ({@code Worker.prepareToPark()}): it must not park on a lane it saw
 * empty while a frame the sender published stays there with nobody having claimed its wake-up.
 * <p>
 * Drives the real code: a lane attached to a real worker as another worker's would be, {@code lane.offer},
 * {@code LaneWakes.afterOffer} and {@code LaneWakes.lookAtMarked}. The park itself is not taken: the worker records
 * that it would park; the arbiter reads whether its sleep flag is still set (no sender claimed the wake-up).
 * <p>
 * Result: (frames the receiver took, 1 when it would park, 1 when its flag is still set at the end).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "0, 1, 0", expect = ACCEPTABLE, desc = "Parked on an empty lane; the sender's first look woke it.")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE,
    desc = "Took the first frame, parked before the second; the look at the cycle's end woke it.")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Saw a frame before parking (none taken yet); stays up.")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "Took the first frame and saw the second; stays up.")
@Outcome(id = "0, 1, 1", expect = FORBIDDEN,
    desc = "Lost wake-up: parked on a lane it saw empty, both frames left, no look claimed the wake-up.")
@Outcome(id = "1, 1, 1", expect = FORBIDDEN,
    desc = "Lost wake-up: took the first frame, parked, and the second frame's deferred look missed the flag.")
@Outcome(expect = FORBIDDEN, desc = "Anything else: an offer refused by an empty lane, or a frame taken twice.")
@State
public class LaneWakesTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(2).embedded(0, true).embedded(1, true).inboundCapacity(4).inboundLaneCapacity(4)
        .mailboxCapacity(4).build();
    /** The sender's duty cycle: both frames are published in it. */
    private static final long CYCLE = 1;

    private final Worker worker = ApiAccess.runtime(Engine.start(CONFIG)).workers.get(0);
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(4);
    private final LaneWakes wakes = new LaneWakes(2);
    private final Object first = new Object();
    private final Object second = new Object();
    private int taken;

    public LaneWakesTest()
    {
        worker.lanes.attach(1, lane);
    }

    /** The receiver: a duty cycle that takes at most one frame, then the loop's look before it parks. */
    @Actor
    public void receiver(final III_Result r)
    {
        taken = lane.drain((target, message) -> true, 1);
        r.r1 = taken;
        if (worker.prepareToPark())
        {
            r.r2 = 1;
            return;
        }
        r.r2 = 0;
        worker.awake();
    }

    /** The sender: two frames in one duty cycle, then the cycle's end. */
    @Actor
    public void sender(final III_Result r)
    {
        if (lane.offer(this, first) != OneToOneFrameQueue.OK)
        {
            r.r1 = -1;
            return;
        }
        wakes.afterOffer(worker, CYCLE);
        if (lane.offer(this, second) != OneToOneFrameQueue.OK)
        {
            r.r1 = -1;
            return;
        }
        wakes.afterOffer(worker, CYCLE);
        wakes.lookAtMarked();
    }

    /** Whether the receiver's flag is still set: it would sleep, and no sender claimed its wake-up. */
    @Arbiter
    public void flagLeft(final III_Result r)
    {
        r.r3 = worker.sleeping;
    }
}
