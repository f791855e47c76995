package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.inbound.OneToOneFrameLane;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * No lost wake-up through a lane: a worker that may park and another worker sending to it through the lane between
 * them never both miss each other. A lane's publication is a release store, not a CAS, so the sender issues a full
 * fence before its volatile read of the sleep flag; the worker's volatile store of the flag comes before its look at
 * the count of lanes and at each lane's next frame. The sender makes the lane here, with this very send (its first
 * to the worker), so the registration of a new lane is raced too.
 * <p>
 * Drives the real code: {@code Worker.prepareToPark()} against {@code Lanes.open}, {@code OneToOneFrameLane.offer}
 * and {@code Worker.claimWakeUpAfterLaneOffer()} (what {@code Outbound.send} does for a worker that may park). The
 * park itself is not taken.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender would unpark it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks with nothing seen; the sender wakes it.")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The worker saw the lane's frame and stays up; no wake-up needed.")
@Outcome(id = "0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The worker saw the frame, but the sender read the flag before it was cleared: a spare unpark, harmless.")
@Outcome(id = "1, 0", expect = FORBIDDEN,
    desc = "Lost wake-up: the worker parks on lanes it saw empty (or a lane it did not see) and the sender skipped " +
    "the unpark, so the frame waits for the park's timeout.")
@Outcome(expect = FORBIDDEN, desc = "The lane could not be made or refused its first frame.")
@State
public class LaneWakeUpTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(2).embedded(0, true).embedded(1, true).inboundCapacity(2).mailboxCapacity(2).build();

    private final Worker worker = ApiAccess.runtime(Engine.start(CONFIG)).workers.get(0);
    private final Object message = new Object();

    /** The loop after a duty cycle that did no work, with an idle strategy that may park. */
    @Actor
    public void worker(final II_Result r)
    {
        if (worker.prepareToPark())
        {
            r.r1 = 1;
            return;
        }
        r.r1 = 0;
        worker.awake();
    }

    /** Worker 1's first send to worker 0: make the lane, publish, then the wake-up claim. */
    @Actor
    public void sender(final II_Result r)
    {
        final OneToOneFrameLane lane = worker.lanes.open(1);
        if (lane == null || !lane.offer(this, message))
        {
            r.r2 = -1;
            return;
        }
        r.r2 = worker.claimWakeUpAfterLaneOffer() ? 1 : 0;
    }
}
