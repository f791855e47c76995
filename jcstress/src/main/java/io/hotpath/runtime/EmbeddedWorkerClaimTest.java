package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * An embedded worker has exactly one owner: when two threads make the first {@code doWork()} call at the same time,
 * one becomes the worker's thread and the other is refused with {@link IllegalStateException}, never both or
 * neither. Runs the real engine (Worker.claimOwnerSlowPath's CAS on the owner field); an engine whose only worker
 * is embedded starts no thread, so one per test state is cheap.
 * <p>
 * Result: (1 when thread 1's doWork() ran, 0 when it was refused; the same for thread 2).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "Thread 1 claimed the worker; thread 2 was refused.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "Thread 2 claimed the worker; thread 1 was refused.")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "Two threads both run the same worker's duty cycle.")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "Both refused: the worker has no thread to run it.")
@Outcome(expect = FORBIDDEN, desc = "doWork() failed in another way.")
@State
public class EmbeddedWorkerClaimTest
{
    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(1).embedded(0, true).inboundCapacity(2).mailboxCapacity(2).build();

    private final WorkerInvoker invoker = Engine.start(CONFIG).invoker(0);

    @Actor
    public void thread1(final II_Result r)
    {
        r.r1 = claim();
    }

    @Actor
    public void thread2(final II_Result r)
    {
        r.r2 = claim();
    }

    private int claim()
    {
        try
        {
            invoker.doWork();
            return 1;
        }
        catch (final IllegalStateException ex)
        {
            return 0;
        }
        catch (final RuntimeException ex)
        {
            return -1;
        }
    }
}
