package io.hotpath.runtime;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.observe.LogCapture;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.logging.LogRecord;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stall report names the actor whose turn stalled and shows its stack only when the stack was sampled while that
 * turn still ran: a turn that ends while the watcher samples the worker's stack is reported by its actor's name and
 * without a stack (the stack would show whatever the worker did next), never as the engine's own code. The stack
 * sampler is a stand-in that decides when the turn ends, so the race is the same in every run.
 */
class StallReportRaceTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final VarHandle DEPTH;

    static
    {
        try
        {
            DEPTH = MethodHandles.lookup().findVarHandle(TurnStack.class, "depth", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @Test
    void aTurnThatEndsWhileItsStackIsSampledIsReportedByItsActorWithoutAStack() throws Exception
    {
        final CountDownLatch release = new CountDownLatch(1);
        final List<LogRecord> reports = stallOf("ends-while-sampled", release, (worker, thread) ->
        {
            // the turn ends while the watcher samples the stack: what the stack then shows is not the stall
            release.countDown();
            awaitTurnEnded(worker);
            return thread.getStackTrace();
        });
        assertThat(reports).hasSize(1);
        final LogRecord report = reports.get(0);
        assertThat(report.getMessage()).contains("worker hp-worker-0 is stalled", "actor 'ends-while-sampled'",
            "The turn ended while the worker's stack was being sampled, so no stack follows");
        assertThat(report.getMessage()).doesNotContain("engine's own code");
        assertThat(report.getThrown()).isNull();
    }

    @Test
    void aTurnStillRunningWhenItsStackIsSampledIsReportedWithThatStack() throws Exception
    {
        final CountDownLatch release = new CountDownLatch(1);
        final List<LogRecord> reports = stallOf("still-running", release, (worker, thread) -> thread.getStackTrace());
        assertThat(reports).hasSize(1);
        final LogRecord report = reports.get(0);
        assertThat(report.getMessage()).contains("actor 'still-running'", "The worker's stack follows");
        assertThat(Arrays.stream(report.getThrown().getStackTrace()).map(StackTraceElement::getMethodName))
            .contains("holdUntilReleased");
    }

    /** How the watcher under test samples a stack. */
    private interface Sampler
    {
        StackTraceElement[] sample(Worker worker, Thread thread);
    }

    /**
     * Stall an actor's first turn until {@code release}, watch the engine with a watcher of 20 ms whose stacks come
     * from {@code sampler}, and return the stall reports it logged.
     */
    private static List<LogRecord> stallOf(final String name, final CountDownLatch release, final Sampler sampler)
        throws Exception
    {
        // the engine's own watcher is there (every worker then counts its stalls) but waits a minute before it reports
        final EngineConfig config = EngineConfig.builder().workers(1).idle("backoff")
            .stallThresholdNs(TimeUnit.MINUTES.toNanos(1)).stallGraceNs(0).jmx(false).build();
        try (LogCapture log = new LogCapture("io.hotpath.stalls"); Engine engine = Engine.start(config))
        {
            final Worker[] workers = ApiAccess.runtime(engine).workers.all();
            final Worker worker = workers[0];
            final CountDownLatch inTurn = new CountDownLatch(1);
            final ActorRef<String> actor = engine.spawn(name, (ActorContext<String> ctx) -> (String m) ->
            {
                inTurn.countDown();
                holdUntilReleased(release);
            });
            actor.tell("go");
            assertTrue(inTurn.await(30, TimeUnit.SECONDS));
            final AtomicInteger sampled = new AtomicInteger();
            final Function<Thread, StackTraceElement[]> stacks = thread ->
            {
                sampled.incrementAndGet();
                return sampler.sample(worker, thread);
            };
            final StallWatcher watcher = new StallWatcher("test", workers, 20 * MS, 0, stacks);
            watcher.start();
            try
            {
                awaitCondition(() -> !log.containing(" is stalled").isEmpty());
            }
            finally
            {
                watcher.stop();
                release.countDown();
            }
            awaitTurnEnded(worker);
            assertThat(sampled.get()).as("stacks sampled").isEqualTo(1);
            return log.containing(" is stalled");
        }
    }

    static void holdUntilReleased(final CountDownLatch release) throws InterruptedException
    {
        assertTrue(release.await(30, TimeUnit.SECONDS));
    }

    private static void awaitTurnEnded(final Worker worker)
    {
        awaitCondition(() -> (int)DEPTH.getOpaque(worker.turns) == 0);
    }

    private static void awaitCondition(final java.util.function.BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() - deadlineNs < 0, "timed out waiting for a condition");
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
