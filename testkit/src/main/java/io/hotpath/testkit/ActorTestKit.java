package io.hotpath.testkit;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.DeadLetterReason;
import io.hotpath.Reply;
import io.hotpath.Terminated;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * An engine for a test of actors: on virtual time, with workers the test steps.
 * <pre>{@code
 * try (ActorTestKit kit = ActorTestKit.start())
 * {
 *     TestProbe<String> probe = kit.probe();
 *     ActorRef<String> greeter = kit.engine().spawn("greeter", ctx -> name -> probe.ref().tell("hello " + name));
 *     greeter.tell("world");
 *     probe.expectMessage("hello world");
 * }
 * }</pre>
 * <b>Virtual time.</b> The engine's clock is a {@link ManualTime}: timers, ask timeouts, restart backoff and
 * {@code Await.sleep} fall due only when the test moves it ({@link #advance}), or when a wait of the kit or a probe
 * moves it while it waits; waiting for a reply that comes after a 10 s backoff takes no real time.
 * <p>
 * <b>Workers the test steps.</b> Every worker is embedded and has a thread of its own (named as the worker), which
 * runs duty cycles only while the test waits for them: {@link #runUntilIdle()}, {@link #step()}, and every wait.
 * Workers run one at a time, in index order, and never while the test's own code runs, so a test reads the state of
 * its actors between two calls without locks, and what it sees is decided by its calls alone. The test thread is
 * outside the engine: its sends go through the workers' inbound queues, as a service's threads' do, and it must not
 * block on {@link Reply#get}: {@link #result(Reply)} runs the engine until the answer comes.
 * <p>
 * <b>Waits.</b> A wait (a probe's {@code expect...}, {@link #result}, {@link #awaitCondition} and the like) runs the
 * workers until what it waits for has happened, moving virtual time in steps of {@link TestKitSettings#timeStep} up to its
 * timeout ({@link TestKitSettings#defaultTimeout}, 3 s, unless given). What threads outside the engine send (an I/O
 * completion) comes in real time: a wait whose virtual timeout has passed goes on running, without moving time, for
 * up to {@link TestKitSettings#realTimeGrace} (100 ms) before it fails.
 * <p>
 * <b>Dead letters and faults</b> are kept until the test takes them ({@link #deadLetters()},
 * {@link #faults()}) and are listed in the message of every failed wait; one the test has not taken when the kit
 * closes fails the test ({@link #close()}). Faults also go on to the fault listener the engine was configured with
 * (by default the engine's own, which reports them).
 * <p>
 * Sequential actors ({@code await}) need the JVM flag {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}
 * in the test JVM, as in production. NOT thread safe: one test thread makes every call, from start to close.
 */
public final class ActorTestKit implements AutoCloseable
{
    private static final AtomicInteger PROBES = new AtomicInteger();

    private final Engine engine;
    private final LockStep lockStep;
    private final EngineEvents events;
    private final DeadLetterLog deadLetters;
    private final FaultLog faults;
    private final long defaultTimeoutNs;
    private final boolean failOnUnexpected;
    private boolean closed;

    private ActorTestKit(final TestKitSettings settings)
    {
        final EngineConfig.Builder config = EngineConfig.builder().workers(settings.workers);
        settings.engine.accept(config);
        final EngineConfig asGiven = config.build();
        for (int i = 0; i < asGiven.workers(); i++)
        {
            config.embedded(i, true);
        }
        final ManualTime time = new ManualTime();
        events = new EngineEvents(asGiven.faultListener());
        // the spin of an await is timed in real time, and with one worker running at a time no answer comes during it
        engine = Engine.start(config.clock(time).faultListener(events).awaitSpinNs(0).build());
        engine.deadLetters().addListener(events);
        lockStep = new LockStep(engine, time, settings.timeStepNs, settings.realTimeGraceNs, settings.stuckNs);
        defaultTimeoutNs = settings.defaultTimeoutNs;
        failOnUnexpected = settings.failOnUnexpected;
        deadLetters = new DeadLetterLog(this, events.deadLetters);
        faults = new FaultLog(this, events.faults);
        lockStep.runUntilIdle();
    }

    /** {@return a kit of one worker, with the engine's other defaults} */
    public static ActorTestKit start()
    {
        return start(new TestKitSettings());
    }

    /**
     * {@return a kit of that many workers}
     *
     * @param workers how many workers.
     */
    public static ActorTestKit start(final int workers)
    {
        return start(new TestKitSettings().workers(workers));
    }

    /**
     * {@return a kit, its engine started and its workers ready}
     *
     * @param settings the engine's settings and the kit's own.
     */
    public static ActorTestKit start(final TestKitSettings settings)
    {
        return new ActorTestKit(settings);
    }

    /** {@return the engine, to spawn actors and read its stats; close it through the kit} */
    public Engine engine()
    {
        return engine;
    }

    /** {@return the engine's virtual time, in nanoseconds on its clock (for {@code Await.withDeadline})} */
    public long nowNs()
    {
        return lockStep.time().nanoTime();
    }

    /** {@return the virtual time passed since the kit started} */
    public Duration elapsed()
    {
        return Duration.ofNanos(nowNs() - ManualTime.START_NS);
    }

    /**
     * Let time pass: run what is due now, then move time in steps, running what falls due after each, so timers
     * fire at their own step and in their order.
     *
     * @param by how long, not negative.
     */
    public void advance(final Duration by)
    {
        lockStep.advance(by.toNanos());
    }

    /**
     * Let time pass at once, as if every worker had been stalled meanwhile (a long pause of the process), then run:
     * every timer due by then fires in this one go.
     *
     * @param by how long, not negative.
     */
    public void stall(final Duration by)
    {
        lockStep.stall(by.toNanos());
    }

    /**
     * Run every worker, in turn, until none has anything to do; time does not move.
     *
     * @return the work done (messages, timers, steps; 0 when there was nothing to do).
     * @throws AssertionError when the engine never becomes idle: an actor that keeps sending to itself, or a thread
     *                        outside the engine that sends without pause.
     */
    public int runUntilIdle()
    {
        return lockStep.runUntilIdle();
    }

    /**
     * Run one duty cycle of every worker, in index order: drain (a bounded part of) the inbound queue, fire due
     * timers, run repeating steps and ready actors.
     *
     * @return the work done.
     */
    public int step()
    {
        return lockStep.step(-1);
    }

    /**
     * {@return the work done by one duty cycle of that worker}
     *
     * @param worker a worker's index.
     */
    public int step(final int worker)
    {
        return lockStep.step(lockStep.checkWorker(worker));
    }

    /**
     * {@return a probe with a generated name, on the next worker in turn}
     *
     * @param <M> the type of message the probe takes.
     */
    public <M> TestProbe<M> probe()
    {
        return probe("probe-" + PROBES.incrementAndGet());
    }

    /**
     * {@return a probe on the next worker in turn}
     *
     * @param name the probe's actor name.
     * @param <M>  the type of message the probe takes.
     */
    public <M> TestProbe<M> probe(final String name)
    {
        return TestProbe.spawn(this, name, -1);
    }

    /**
     * {@return a probe on the given worker}
     *
     * @param name   the probe's actor name.
     * @param worker the worker it runs on.
     * @param <M>    the type of message the probe takes.
     */
    public <M> TestProbe<M> probe(final String name, final int worker)
    {
        return TestProbe.spawn(this, name, lockStep.checkWorker(worker));
    }

    /**
     * Run the engine, moving virtual time, until a reply has its answer, within the default timeout.
     *
     * @param reply a reply asked for by the test (or by an actor), not yet answered perhaps.
     * @param <T>   the answer's type.
     * @return its value.
     * @throws RuntimeException the exception that failed the reply (as {@link Reply#get} throws it).
     */
    public <T> T result(final Reply<T> reply)
    {
        return result(reply, Duration.ofNanos(defaultTimeoutNs));
    }

    /**
     * Run the engine, moving virtual time, until a reply has its answer, within the timeout.
     *
     * @param reply   a reply.
     * @param timeout virtual time to wait at most.
     * @param <T>     the answer's type.
     * @return its value.
     */
    public <T> T result(final Reply<T> reply, final Duration timeout)
    {
        final CompletableFuture<T> future = answer(reply, timeout);
        if (future.isCompletedExceptionally())
        {
            return reply.get(Duration.ZERO);
        }
        return future.join();
    }

    /**
     * Run the engine, moving virtual time, until a reply fails, within the default timeout.
     *
     * @param reply a reply expected to fail.
     * @return the exception that failed it (the one the actor asked threw, or the ask's timeout).
     * @throws AssertionError when it succeeded, or did not complete within the default timeout.
     */
    public Throwable failure(final Reply<?> reply)
    {
        return failure(reply, Duration.ofNanos(defaultTimeoutNs));
    }

    /**
     * Run the engine, moving virtual time, until a reply fails, within the timeout.
     *
     * @param reply   a reply expected to fail.
     * @param timeout virtual time to wait at most.
     * @return the exception that failed it.
     */
    public Throwable failure(final Reply<?> reply, final Duration timeout)
    {
        final CompletableFuture<?> future = answer(reply, timeout);
        final Throwable error = future.handle((value, failure) -> failure).join();
        if (error == null)
        {
            throw failed("expected " + reply + " to fail, but it was answered with " + future.join());
        }
        return error instanceof CompletionException wrapped && wrapped.getCause() != null ? wrapped.getCause() : error;
    }

    private <T> CompletableFuture<T> answer(final Reply<T> reply, final Duration timeout)
    {
        final CompletableFuture<T> future = reply.toCompletableFuture();
        if (!lockStep.waitFor(future::isDone, timeout.toNanos(), true))
        {
            throw failed("no answer within " + timeout + " of virtual time: " + reply);
        }
        return future;
    }

    /**
     * Wait until an actor has stopped (watching it from outside the engine).
     *
     * @param actor an actor of the kit's engine.
     */
    public void expectStopped(final ActorRef<?> actor)
    {
        final CompletableFuture<Terminated> watch = engine.watch(actor).toCompletableFuture();
        if (!lockStep.waitFor(watch::isDone, defaultTimeoutNs, true))
        {
            throw failed("actor '" + actor.name() + "' did not stop within " + Duration.ofNanos(defaultTimeoutNs));
        }
    }

    /**
     * Run, moving virtual time, until a condition holds.
     *
     * @param what      said when it fails.
     * @param condition read by the test thread between runs.
     */
    public void awaitCondition(final String what, final BooleanSupplier condition)
    {
        awaitCondition(what, Duration.ofNanos(defaultTimeoutNs), condition);
    }

    /**
     * Run, moving virtual time, until a condition holds, within a timeout.
     *
     * @param what      said when it fails.
     * @param timeout   virtual time to wait at most.
     * @param condition read by the test thread between runs.
     */
    public void awaitCondition(final String what, final Duration timeout, final BooleanSupplier condition)
    {
        if (!lockStep.waitFor(condition, timeout.toNanos(), true))
        {
            throw failed("not within " + timeout + " of virtual time: " + what);
        }
    }

    /**
     * Run, moving virtual time, until an assertion passes; its last failure is thrown when it never does.
     *
     * @param assertion e.g. AssertJ's {@code assertThat(...)...}.
     */
    public void awaitAssert(final Runnable assertion)
    {
        final AssertionError[] last = new AssertionError[1];
        final boolean passed = lockStep.waitFor(() ->
        {
            try
            {
                assertion.run();
                return true;
            }
            catch (final AssertionError ex)
            {
                last[0] = ex;
                return false;
            }
        }, defaultTimeoutNs, true);
        if (!passed)
        {
            throw last[0];
        }
    }

    /** {@return the dead letters of the engine, kept until the test takes them} */
    public DeadLetterLog deadLetters()
    {
        return deadLetters;
    }

    /** {@return the exceptions the engine's actors threw, kept until the test takes them} */
    public FaultLog faults()
    {
        return faults;
    }

    /** Wait until an event that matches is kept, and take it. */
    <T> T take(final Kept<T> kept, final Predicate<? super T> which, final String what)
    {
        final List<T> taken = new ArrayList<>(1);
        final boolean found = lockStep.waitFor(() ->
        {
            final T event = kept.take(which);
            return event != null && taken.add(event);
        }, defaultTimeoutNs, true);
        if (!found)
        {
            throw failed("expected " + what + " within " + Duration.ofNanos(defaultTimeoutNs));
        }
        return taken.get(0);
    }

    /** Run until idle, then fail if an event of this kind is kept. */
    void expectNone(final Kept<?> kept, final String what)
    {
        lockStep.runUntilIdle();
        if (!kept.all().isEmpty())
        {
            throw failed("expected no " + what);
        }
    }

    LockStep lockStep()
    {
        return lockStep;
    }

    long defaultTimeoutNs()
    {
        return defaultTimeoutNs;
    }

    /** {@return an assertion failure whose message lists what the engine reported meanwhile} */
    AssertionError failed(final String message)
    {
        return new AssertionError(message + " (at +" + elapsed().toMillis() + " ms of virtual time)" +
            events.summary(), events.firstError());
    }

    /**
     * Close the engine: what is queued is delivered (the workers run freely now, without moving time), the rest is
     * counted as dead letters, and every worker's thread ends. Then, unless the settings say otherwise
     * ({@link TestKitSettings#failOnUnexpected}), a fault or a dead letter the test did not take fails it (but for
     * answers to asks their caller cancelled, which are normal): an actor that threw where the test did not expect
     * it is a failing test, not a line in a log. Idempotent.
     *
     * @throws AssertionError naming the faults and dead letters not taken.
     */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            lockStep.runUntilIdle();
            final List<Fault> faultsLeft = events.faults.all();
            // an answer to an ask its own caller cancelled is normal, never a sign that something went wrong
            final List<DeadLetter> deadLettersLeft = events.deadLetters.all().stream()
                .filter(letter -> letter.reason() != DeadLetterReason.CANCELLED_BY_CALLER).toList();
            lockStep.close(engine.config().closeTimeoutNs() + 5_000_000_000L);
            if (failOnUnexpected && (!faultsLeft.isEmpty() || !deadLettersLeft.isEmpty()))
            {
                throw new AssertionError("the test did not expect " + faultsLeft.size() + " fault(s) and " +
                    deadLettersLeft.size() + " dead letter(s): take those it expects with kit.faults().expect(...) " +
                    "and kit.deadLetters().expect(...), or start the kit with " +
                    "TestKitSettings.failOnUnexpected(false)" + events.summary(), events.firstError());
            }
        }
    }
}
