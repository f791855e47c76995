package io.hotpath.scheduling;

import io.hotpath.ActorFactory;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineClosedException;
import io.hotpath.EngineConfig;
import io.hotpath.FaultPolicy;
import io.hotpath.affinity.AffinityException;
import io.hotpath.affinity.PinReport;
import io.hotpath.metrics.EngineStats;
import org.agrona.concurrent.NanoClock;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Pattern;

/**
 * What the workers of one engine share: configuration, the registry of live actors, dead letters, and the close
 * protocol. Thread safe.
 * <p>
 * Close runs in two phases ({@link CloseProtocol} does the second). First {@link #closing} is set: sends from outside threads and spawns are refused,
 * workers keep delivering, also to each other. When every worker has been seen quiet twice with no frame in any
 * inbound queue in between, or when the close timeout runs out, every inbound queue is closed and
 * {@link #finishing} is set: each worker then dead-letters what is left, on its own thread, and terminates.
 */
public final class EngineCore
{
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    final Engine engine;
    final EngineConfig config;
    final DeadLetterOffice deadLetters = new DeadLetterOffice();
    final NanoClock clock;
    private final ForeignReplies foreignHooks = new ForeignReplies(this);
    private final boolean hasEmbedded;
    private final Worker[] workers;
    private final Thread[] threads;
    private final ConcurrentHashMap<String, ActorCell<?>> byName = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, ActorCell<?>> live = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private final AtomicInteger nextWorker = new AtomicInteger();
    private final CountDownLatch terminated;
    private final CountDownLatch started;
    /** One per worker once it has started; written by the worker, read after {@link #started}. */
    private final PinReport[] pinReports;
    private volatile RuntimeException startFailure;
    private final RetiredCounters retired;

    /** Set once by close(); volatile read by outside senders and once per duty cycle by workers. */
    volatile boolean closing;
    /** Set once after {@link #closing}, when workers are to dead-letter what is left and terminate. */
    volatile boolean finishing;
    /** Reason for frames left at finish; written before {@link #finishing} is read by the owner. */
    volatile DeadLetterReason leftoverReason = DeadLetterReason.ENGINE_CLOSED;
    private volatile String closedBy;

    /**
     * @param engine the facade, for actors' contexts.
     * @param config validated configuration.
     */
    public EngineCore(final Engine engine, final EngineConfig config)
    {
        this.engine = engine;
        this.config = config;
        this.clock = config.clock();
        final int n = config.workers();
        this.workers = new Worker[n];
        this.threads = new Thread[n];
        this.terminated = new CountDownLatch(n);
        this.pinReports = new PinReport[n];
        int threaded = 0;
        for (int i = 0; i < n; i++)
        {
            threaded += config.embedded(i) ? 0 : 1;
        }
        this.started = new CountDownLatch(threaded);
        this.hasEmbedded = threaded < n;
        this.retired = new RetiredCounters(n);
        for (int i = 0; i < n; i++)
        {
            final Worker worker = new Worker(this, i, config,
                IdleStrategies.create(config.idle(i), config.idleMaxParkNs()));
            workers[i] = worker;
            if (!config.embedded(i))
            {
                final Thread thread = new WorkerThread(worker);
                thread.setDaemon(true);
                threads[i] = thread;
                worker.owner = thread;
            }
        }
    }

    /**
     * Start the workers' threads and wait until each has placed itself.
     *
     * @throws AffinityException when the profile makes pinning mandatory and a worker could not be pinned; the
     *                           engine is closed then.
     */
    public void start()
    {
        if (config.affinity() != null)
        {
            Placement.checkProfile(config.affinity());
        }
        for (final Thread thread : threads)
        {
            if (thread != null)
            {
                thread.start();
            }
        }
        try
        {
            started.await();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        if (startFailure != null)
        {
            close();
            throw startFailure;
        }
    }

    /**
     * @return the number of workers.
     */
    public int workerCount()
    {
        return workers.length;
    }

    /**
     * @param index a worker index, checked.
     * @return the worker.
     */
    public Worker worker(final int index)
    {
        if (index < 0 || index >= workers.length)
        {
            throw new IllegalArgumentException("worker index " + index + " is out of range: this engine has " +
                workers.length + " workers (0.." + (workers.length - 1) + ")");
        }
        return workers[index];
    }

    /**
     * @return the index of the next worker in round-robin order.
     */
    public int nextWorkerIndex()
    {
        return Math.floorMod(nextWorker.getAndIncrement(), workers.length);
    }

    /**
     * Create and register an actor; its instance is created on its worker.
     *
     * @return the new actor's address.
     */
    public <M> ActorRef<M> spawn(
        final ActorFactory<M> factory,
        final String name,
        final int workerIndex,
        final FaultPolicy faultPolicy,
        final ActorRef<?> parentRef,
        final boolean sequential,
        final boolean reentrant)
    {
        if (sequential && !Continuations.available())
        {
            throw new UnsupportedOperationException("a sequential actor (one that awaits) cannot run here: " +
                Continuations.reason());
        }
        if (factory == null)
        {
            throw new NullPointerException("actor factory is null; pass a function that creates the actor");
        }
        if (closing)
        {
            throw closedException("spawn an actor");
        }
        final Worker worker = worker(workerIndex);
        final int id = nextId.getAndIncrement();
        final String actorName = name == null ? "$" + id : checkName(name);
        final ActorCell<?> parent = (ActorCell<?>)parentRef;
        if (parent != null && Thread.currentThread() != parent.worker.owner)
        {
            throw new IllegalStateException("a child of actor '" + parent.name + "' must be spawned from its own " +
                "handler, on " + parent.worker.name);
        }
        final ActorCell<M> cell = new ActorCell<>(id, actorName, worker, factory,
            faultPolicy == null ? FaultPolicy.resume() : faultPolicy, config.mailboxCapacity(), parent, sequential,
            reentrant);
        if (byName.putIfAbsent(actorName, cell) != null)
        {
            throw new IllegalArgumentException("actor name '" + actorName + "' is taken by a live actor; " +
                "names must be unique among live actors");
        }
        live.put(id, cell);
        if (parent != null)
        {
            parent.addChild(cell);
        }
        if (Thread.currentThread() == worker.owner)
        {
            cell.startSlowPath();
        }
        else
        {
            SendSlowPath.sendSignal(worker, cell, Signal.START);
        }
        return cell;
    }

    /**
     * @return the hooks for modules that extend the engine.
     */
    public io.hotpath.spi.EngineHooks foreignHooks()
    {
        return foreignHooks;
    }

    /**
     * @return the configuration.
     */
    public EngineConfig config()
    {
        return config;
    }

    /**
     * @return the dead letters.
     */
    public DeadLetterOffice deadLetters()
    {
        return deadLetters;
    }

    /**
     * @param ref any actor address.
     * @return the live cell of this engine behind it, or null.
     */
    public ActorRef<?> lookupById(final ActorRef<?> ref)
    {
        final ActorCell<?> cell = live.get(ref.id());
        return cell == ref ? cell : null;
    }

    /**
     * Watch an actor: the reply completes with its address once it has stopped (at once if it has already).
     * From an actor, callbacks run on its worker; from outside, the reply converts to a future.
     *
     * @param ref an actor of this engine.
     * @return the reply.
     */
    public io.hotpath.Reply<ActorRef<?>> watch(final ActorRef<?> ref)
    {
        if (ref instanceof io.hotpath.spi.ForeignRef<?> foreign)
        {
            final io.hotpath.Reply<ActorRef<?>> reply = foreignHooks.newReply(ref, 0);
            foreign.watch(reply);
            return reply;
        }
        final ActorCell<?> cell = own(ref, "watch");
        final io.hotpath.Reply<ActorRef<?>> reply = new io.hotpath.Reply<>();
        final ReplyCore<ActorRef<?>> exchange = reply;
        final Worker here = currentWorker();
        exchange.prepare(cell, here == null ? null : here.current, "watch", 0, 0);
        exchange.watch = true;
        cell.worker.sendEngineMessage(cell, exchange);
        return reply;
    }

    /**
     * Stop an actor once it has handled what was sent to it before: a poison message, in order with the sender's
     * other messages.
     *
     * @param ref an actor of this engine.
     */
    public void stopAfterQueued(final ActorRef<?> ref)
    {
        final ActorCell<?> cell = own(ref, "stopAfterQueued");
        cell.worker.send(cell, Signal.POISON, true);
    }

    /**
     * @param ref  an address.
     * @param what the operation, for the message.
     * @return the cell behind it.
     * @throws IllegalArgumentException when it is not an actor of this engine.
     */
    public ActorCell<?> own(final ActorRef<?> ref, final String what)
    {
        if (!(ref instanceof ActorCell<?> cell) || cell.worker.core != this)
        {
            throw new IllegalArgumentException(what + ": " + ref + " is not an actor of this engine");
        }
        return cell;
    }

    /**
     * @param name an actor name.
     * @return the live actor of that name, or null.
     */
    public ActorRef<?> lookup(final String name)
    {
        return name == null ? null : byName.get(name);
    }

    void unregister(final ActorCell<?> cell)
    {
        byName.remove(cell.name, cell);
        live.remove(cell.id, cell);
        retired.add(cell);
    }

    void reportFault(final ActorCell<?> cell, final Object message, final Throwable error, final FaultPolicy policy)
    {
        try
        {
            config.faultListener().onFault(cell, message, error, policy);
        }
        catch (final RuntimeException ex)
        {
            System.err.println("hotpath: fault listener threw " + ex);
        }
    }

    /**
     * @return the worker the calling thread runs, or null when it is not one of this engine's.
     */
    Worker currentWorker()
    {
        final Thread thread = Thread.currentThread();
        if (thread instanceof WorkerThread workerThread)
        {
            return workerThread.worker.core == this ? workerThread.worker : null;
        }
        if (hasEmbedded)
        {
            for (final Worker worker : workers)
            {
                if (worker.owner == thread)
                {
                    return worker;
                }
            }
        }
        return null;
    }

    boolean isWorkerThread(final Thread thread)
    {
        for (final Worker worker : workers)
        {
            if (worker.isOwnerThread(thread))
            {
                return true;
            }
        }
        return false;
    }

    void checkSenderDuringClose(final ActorCell<?> target)
    {
        if (!isWorkerThread(Thread.currentThread()))
        {
            throw closedException("send to actor '" + target.name + "'");
        }
    }

    EngineClosedException closedException(final String what)
    {
        return new EngineClosedException("cannot " + what + ": the engine is closed (close() was called by thread '" +
            closedBy + "'); start a new engine");
    }

    /** Place a worker by the affinity profile, on the worker's own thread, and read its placement back. */
    void onWorkerThreadStart(final Worker worker)
    {
        try
        {
            if (config.affinity() != null)
            {
                pinReports[worker.index] = Placement.pin(worker.index, worker.name, config.affinity());
            }
        }
        catch (final AffinityException ex)
        {
            startFailure = ex;
        }
        finally
        {
            started.countDown();
        }
    }

    /**
     * @return each threaded worker's placement read back at start; empty without an affinity profile.
     */
    public List<PinReport> pinReports()
    {
        final List<PinReport> reports = new ArrayList<>();
        for (final PinReport report : pinReports)
        {
            if (report != null)
            {
                reports.add(report);
            }
        }
        return reports;
    }

    void onWorkerTerminated(final Worker worker)
    {
        terminated.countDown();
    }

    // ---------------------------------------------------------------- close (the steps: CloseProtocol)

    /**
     * Begin closing and, unless called from one of this engine's workers, wait for the workers to finish.
     * Idempotent and safe from any thread.
     */
    public void close()
    {
        final boolean first;
        synchronized (this)
        {
            first = !closing;
            if (first)
            {
                closedBy = Thread.currentThread().getName();
                closing = true;
            }
        }
        final boolean onWorker = isWorkerThread(Thread.currentThread());
        if (first)
        {
            if (onWorker)
            {
                final Thread closer = new Thread(() -> CloseProtocol.finish(this, workers, threads), "hp-closer");
                closer.setDaemon(true);
                closer.start();
                return;
            }
            CloseProtocol.finish(this, workers, threads);
        }
        if (!onWorker)
        {
            awaitTermination(config.closeTimeoutNs() + TimeUnit.SECONDS.toNanos(1));
        }
    }

    /**
     * @param timeoutNs how long to wait.
     * @return true if every worker terminated in time.
     */
    public boolean awaitTermination(final long timeoutNs)
    {
        try
        {
            return terminated.await(timeoutNs, TimeUnit.NANOSECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * @return true once close() has been called.
     */
    public boolean isClosing()
    {
        return closing;
    }

    // ---------------------------------------------------------------- statistics

    /**
     * @return a snapshot of every counter, read without locks; each value may be a moment old.
     */
    public EngineStats stats()
    {
        return StatsSnapshot.take(workers, live.values(), retired, deadLetters);
    }

    private static String checkName(final String name)
    {
        if (!NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("bad actor name '" + name + "': use 1 to 64 characters of " +
                "A-Z a-z 0-9 _ . : - (names starting with $ are the engine's)");
        }
        return name;
    }
}
