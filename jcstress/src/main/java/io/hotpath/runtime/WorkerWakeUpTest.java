package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * No lost wake-up: a worker that may park and a thread that sends to it never both miss each other, i.e. the
 * worker never parks on a queue it saw empty while the sender, whose frame it did not see, skipped the unpark.
 * It is a Dekker pair: the worker's volatile store of the sleep flag then its volatile load of the producer word,
 * against the sender's CAS of the producer word then its volatile load of the sleep flag; sequential consistency of
 * the four accesses leaves at least one side seeing the other.
 * <p>
 * Drives the real code of a real worker: {@code Worker.prepareToPark()} (what the loop calls before it may park)
 * against the sender's {@code inbound.offer} then {@code Worker.claimWakeUp()} (what {@code Worker.send} and
 * {@code Worker.wake} do). The park itself is not taken: the worker records that it would park, the sender that
 * it would unpark.
 * <p>
 * Result: (1 when the worker would park, 1 when the sender would unpark it).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The worker parks on an empty queue; the sender wakes it.")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The worker saw the frame and stays up; no wake-up needed.")
@Outcome(id = "0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The worker saw the frame, but the sender read the flag before it was cleared: a spare unpark, " +
    "harmless (the next park returns at once).")
@Outcome(id = "1, 0", expect = FORBIDDEN,
    desc = "Lost wake-up: the worker parks on a queue it saw empty and the sender skipped the unpark, so the " +
    "frame waits for the park's timeout.")
@Outcome(expect = FORBIDDEN, desc = "The offer was refused by an empty open queue.")
@State
public class WorkerWakeUpTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(1).embedded(0, true).inboundCapacity(2).mailboxCapacity(2).build();

    private final Worker worker = ApiAccess.runtime(Engine.start(CONFIG)).workers.get(0);
    private final Object message = new Object();

    /** The loop after a duty cycle that did no work, with an idle strategy that may park. */
    @Actor
    public void worker(final II_Result r)
    {
        if (worker.prepareToPark())
        {
            // idle.idle(0) parks here; the flag is cleared only after the park returns, so it stays as it is
            r.r1 = 1;
            return;
        }
        r.r1 = 0;
        worker.awake();
    }

    /** A send from a thread other than the owner: the offer, then the wake-up claim. */
    @Actor
    public void sender(final II_Result r)
    {
        if (worker.inbound.offer(this, message) != ManyToOneFrameQueue.OK)
        {
            r.r2 = -1;
            return;
        }
        r.r2 = worker.claimWakeUp() ? 1 : 0;
    }
}
