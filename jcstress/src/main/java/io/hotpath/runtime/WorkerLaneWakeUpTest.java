package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.inbound.OneToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * No lost wake-up through a lane: a lane's offer is release stores only (no CAS), so the sending worker fences
 * before it looks at the receiver's sleep flag. The Dekker pair: the receiver's volatile store of the flag then its
 * volatile read of each lane's producer word ({@code Worker.prepareToPark()}), against the sender's stores of the
 * frame and the producer word, a full fence, then its volatile read of the flag
 * ({@code Worker.claimWakeUpAfterLaneOffer()}).
 * <p>
 * Drives the real code: a lane attached to a real worker as another worker's would be, the worker's
 * {@code prepareToPark()}, and the sender's {@code lane.offer} then {@code claimWakeUpAfterLaneOffer()}. The park itself is not
 * taken: the worker records that it would park, the sender whether it would unpark.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender unparked it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks on empty lanes; the sender wakes it.")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The worker saw the frame and stays up; no wake-up needed.")
@Outcome(id = "0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The worker saw the frame, but the sender read the flag before it was cleared: a spare unpark, " +
    "harmless (the next park returns at once).")
@Outcome(id = "1, 0", expect = FORBIDDEN,
    desc = "Lost wake-up: the worker parks on a lane it saw empty and the sender skipped the unpark, so the " +
    "frame waits for the park's timeout.")
@Outcome(expect = FORBIDDEN, desc = "The offer was refused by an empty lane.")
@State
public class WorkerLaneWakeUpTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(2).embedded(0, true).embedded(1, true).inboundCapacity(2).inboundLaneCapacity(2)
        .mailboxCapacity(2).build();

    private final Worker worker = ApiAccess.runtime(Engine.start(CONFIG)).workers.get(0);
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(2);
    private final Object message = new Object();

    public WorkerLaneWakeUpTest()
    {
        worker.lanes.attach(1, lane);
    }

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

    /** A send from another worker through its lane: the offer, then the fence and the wake-up claim. */
    @Actor
    public void sender(final II_Result r)
    {
        if (lane.offer(this, message) != OneToOneFrameQueue.OK)
        {
            r.r2 = -1;
            return;
        }
        r.r2 = worker.claimWakeUpAfterLaneOffer() ? 1 : 0;
    }
}
