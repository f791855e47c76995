package io.hotpath.runtime;

import io.hotpath.ActorContext;
import io.hotpath.ActorFactory;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineClock;
import io.hotpath.EngineConfig;
import io.hotpath.FaultPolicy;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.WorkerInvoker;
import io.hotpath.affinity.PinReport;
import io.hotpath.continuation.Continuations;
import io.hotpath.metrics.EngineStats;
import io.hotpath.spi.ForeignRef;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * One engine's runtime: its workers, the registry of its live actors, its dead letters and its close. What the
 * {@link Engine} facade and {@link io.hotpath.ActorBuilder} call; the runtime's only public class beside
 * {@link Exchange}, {@link Cancellation}, {@link PortBinding}, {@link Awaits} and {@link JoinCount}. Thread safe.
 */
public final class EngineRuntime
{
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");

    final Engine engine;
    final EngineConfig config;
    final EngineClock clock;
    final DeadLetterOffice deadLetters = new DeadLetterOffice();
    final Close close;
    final WorkerGroup workers;
    final Hooks hooks = Hooks.create(this);
    private final ConcurrentHashMap<String, ActorCell<?>> byName = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, ActorCell<?>> live = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger();
    private final RetiredCounters retired;
    /** Its name, histograms, stall watcher, MBeans and JFR events. */
    final Observability observability;
    /** Most time the shutdown hook gives the workers, whatever {@code close.timeoutNs} says: the JVM must end. */
    static final long SHUTDOWN_CLOSE_MOST_NS = 30_000_000_000L;
    /** Closes the engine when the JVM shuts down ({@code close.onShutdown}); null without it. */
    private final Thread shutdownHook;

    /**
     * @param engine the facade, for actors' contexts.
     * @param config validated configuration.
     */
    public EngineRuntime(final Engine engine, final EngineConfig config)
    {
        this.engine = engine;
        this.config = config;
        this.clock = config.clock();
        this.retired = new RetiredCounters(config.workers());
        this.close = new Close(this, config.workers());
        this.workers = new WorkerGroup(this, config);
        this.observability = new Observability(this, config, workers.all());
        this.shutdownHook = config.closeOnShutdown() ? new Thread(this::closeAtShutdown, "hp-shutdown") : null;
    }

    /**
     * Start the workers' threads and wait until each has placed itself.
     *
     * @throws io.hotpath.affinity.AffinityException when the profile makes pinning mandatory and a worker could not
     *                                               be pinned; the engine is closed then.
     */
    public void start()
    {
        LogWriter.start();
        final RuntimeException failure = workers.start();
        if (failure != null)
        {
            close();
            throw failure;
        }
        if (shutdownHook != null)
        {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        }
        observability.start();
    }

    /** The JVM is shutting down: close, delivering what is queued within the close timeout, and say what was not. */
    private void closeAtShutdown()
    {
        final long before = deadLetters.count();
        close.close(Math.min(config.closeTimeoutNs(), SHUTDOWN_CLOSE_MOST_NS), true);
        LogWriter.flush(1_000_000_000L);
        final long lost = deadLetters.count() - before;
        final String line = "the JVM is shutting down: engine " + name() + " closed; " + (lost == 0 ?
            "everything queued was delivered" : lost + " message(s) could not be delivered, counted as dead letters " +
            deadLetterCounts());
        Logs.CLOSE.logHere(lost == 0 ? System.Logger.Level.INFO : System.Logger.Level.WARNING, () -> line);
        if (lost > 0)
        {
            // the logging framework shuts down beside this hook and may drop the line: what was lost is said here too
            System.err.println("hotpath: " + line);
        }
    }

    private String deadLetterCounts()
    {
        final StringBuilder sb = new StringBuilder("(");
        for (final io.hotpath.DeadLetterReason reason : io.hotpath.DeadLetterReason.values())
        {
            final long n = deadLetters.count(reason);
            if (n > 0)
            {
                sb.append(sb.length() > 1 ? ", " : "").append(reason.name().toLowerCase(java.util.Locale.ROOT))
                    .append('=').append(n);
            }
        }
        return sb.append(')').toString();
    }

    /**
     * @return the configuration.
     */
    public EngineConfig config()
    {
        return config;
    }

    /**
     * @return the number of workers.
     */
    public int workerCount()
    {
        return workers.count();
    }

    /**
     * @param index a worker index.
     * @return the handle to drive that worker.
     */
    public WorkerInvoker invoker(final int index)
    {
        return workers.get(index);
    }

    /**
     * @param index a worker index.
     * @throws IllegalArgumentException when out of range, naming the range.
     */
    public void checkWorker(final int index)
    {
        workers.get(index);
    }

    /**
     * @return the index of the next worker in round-robin order.
     */
    public int nextWorkerIndex()
    {
        return workers.nextIndex();
    }

    /**
     * Create and register an actor; its instance is created on its worker.
     *
     * @param parent the parent's context, or null.
     * @return the new actor's address.
     */
    public <M> ActorRef<M> spawn(final ActorFactory<M> factory, final String name, final int workerIndex,
        final FaultPolicy faultPolicy, final ActorContext<?> parent, final boolean sequential,
        final boolean reentrant)
    {
        return spawn(factory, name, workerIndex, faultPolicy, parent, sequential, reentrant, false);
    }

    /**
     * Create and register an actor; its instance is created on its worker.
     *
     * @param parent     the parent's context, or null.
     * @param histograms true for latency histograms of its own.
     * @return the new actor's address.
     */
    public <M> ActorRef<M> spawn(final ActorFactory<M> factory, final String name, final int workerIndex,
        final FaultPolicy faultPolicy, final ActorContext<?> parent, final boolean sequential,
        final boolean reentrant, final boolean histograms)
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
        if (close.closing)
        {
            throw close.closedException("spawn an actor");
        }
        final Worker worker = workers.get(workerIndex);
        final int id = nextId.getAndIncrement();
        final String actorName = name == null ? "$" + id : checkName(name);
        final ActorCell<?> parentCell = parent == null ? null : contextCell(parent, "childOf").cell;
        if (parentCell != null && Thread.currentThread() != parentCell.worker.owner)
        {
            throw new IllegalStateException("a child of actor '" + parentCell.name + "' must be spawned from its " +
                "own handler, on " + parentCell.worker.name);
        }
        final ActorCell<M> cell = new ActorCell<>(id, actorName, worker, factory,
            faultPolicy == null ? FaultPolicy.resume() : faultPolicy, config.mailboxCapacity(), parentCell,
            sequential, reentrant);
        cell.timing = observability.timingFor(workerIndex, histograms);
        if (byName.putIfAbsent(actorName, cell) != null)
        {
            throw new IllegalArgumentException("actor name '" + actorName + "' is taken by a live actor; " +
                "names must be unique among live actors");
        }
        live.put(id, cell);
        if (parentCell != null)
        {
            parentCell.supervision().addChild(cell);
        }
        if (Thread.currentThread() == worker.owner)
        {
            cell.startSlowPath();
        }
        else
        {
            Sends.sendEngineMessage(cell, Signal.START);
        }
        return cell.address;
    }

    /**
     * Watch an actor: the reply completes once it has stopped (at once if it has already), saying why.
     * From an actor, callbacks run on its worker; from outside, the reply converts to a future.
     *
     * @param ref an actor of this engine, or one outside it ({@link ForeignRef}).
     * @return the reply.
     */
    public Reply<Terminated> watch(final ActorRef<?> ref)
    {
        final Reply<Terminated> reply = new Reply<>();
        final Exchange<Terminated> exchange = ApiAccess.exchange(reply);
        if (ref instanceof ForeignRef<?> foreign)
        {
            Asks.prepare(this, exchange, null, foreign, "watch", 0);
            foreign.watch(reply);
            return reply;
        }
        final ActorCell<?> cell = own(ref, "watch");
        final Worker here = workers.current();
        exchange.prepare(this, cell, ref, here == null ? null : here.turns.current(), "watch", 0, 0);
        exchange.watch = true;
        Sends.sendEngineMessage(cell, exchange);
        return reply;
    }

    /**
     * Stop an actor: at once on its worker, otherwise after what is already queued on its worker's inbound queue.
     *
     * @param ref an actor of this engine.
     * @return completed once it has stopped.
     */
    public Reply<Terminated> stop(final ActorRef<?> ref)
    {
        final ActorCell<?> cell = own(ref, "stop");
        Sends.stop(cell);
        return watch(ref);
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
        Sends.send(cell.address, Signal.POISON, true);
    }

    /**
     * @param ref  an address.
     * @param what the operation, for the message.
     * @return the cell behind it.
     * @throws IllegalArgumentException when it is not an actor of this engine.
     */
    ActorCell<?> own(final ActorRef<?> ref, final String what)
    {
        if (!(ref instanceof CellAddress<?> address) || address.cell.worker.runtime != this)
        {
            throw new IllegalArgumentException(what + ": " + ref + " is not an actor of this engine");
        }
        return address.cell;
    }

    private CellContext<?> contextCell(final ActorContext<?> context, final String what)
    {
        if (!(context instanceof CellContext<?> cellContext) || cellContext.cell.worker.runtime != this)
        {
            throw new IllegalArgumentException(what + ": " + context + " is not the context of an actor of this " +
                "engine");
        }
        return cellContext;
    }

    /**
     * @param ref any address.
     * @return true when it is a live actor of this engine.
     */
    public boolean isLiveHere(final ActorRef<?> ref)
    {
        return ref instanceof CellAddress<?> address && live.get(address.cell.id) == address.cell;
    }

    /**
     * @param name an actor name.
     * @return the live actor of that name, or null.
     */
    public ActorRef<?> lookup(final String name)
    {
        final ActorCell<?> cell = name == null ? null : byName.get(name);
        return cell == null ? null : cell.address;
    }

    void unregister(final ActorCell<?> cell)
    {
        byName.remove(cell.name, cell);
        live.remove(cell.id, cell);
        retired.add(cell);
    }

    Collection<ActorCell<?>> liveCells()
    {
        return live.values();
    }

    void reportFault(final ActorCell<?> cell, final Object message, final Throwable error, final FaultPolicy policy)
    {
        try
        {
            config.faultListener().onFault(cell.address, message, error, policy);
        }
        catch (final RuntimeException ex)
        {
            Logs.FAULTS.log(System.Logger.Level.ERROR, () -> "the fault listener threw " + ex + " (on a fault of " +
                "actor '" + cell.name + "': " + error + ")", ex);
        }
    }

    /**
     * @return the dead letters.
     */
    public io.hotpath.DeadLetters deadLetters()
    {
        return deadLetters;
    }

    /**
     * @return each threaded worker's placement read back at start; empty without an affinity profile.
     */
    public List<PinReport> pinReports()
    {
        return workers.pinReports();
    }

    /**
     * Begin closing and, unless called from one of this engine's workers, wait for the workers to finish.
     * Idempotent and safe from any thread.
     */
    public void close()
    {
        if (shutdownHook != null && Thread.currentThread() != shutdownHook)
        {
            try
            {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            }
            catch (final IllegalStateException shuttingDown)
            {
                // the hook is running or about to: it closes too, and close is idempotent
            }
        }
        close.close();
        observability.close();
        if (!workers.isWorkerThread(Thread.currentThread()))
        {
            LogWriter.flush(1_000_000_000L);
        }
    }

    /**
     * @param timeoutNs how long to wait.
     * @return true if every worker terminated in time.
     */
    public boolean awaitTermination(final long timeoutNs)
    {
        return workers.awaitTermination(timeoutNs);
    }

    /**
     * @return true once close() has been called.
     */
    public boolean isClosing()
    {
        return close.closing;
    }

    /**
     * @return a snapshot of every counter, read without locks; each value may be a moment old.
     */
    public EngineStats stats()
    {
        return StatsSnapshot.take(workers.all(), live.values(), retired, deadLetters, observability);
    }

    /**
     * Forget the latencies recorded so far by the workers' and the actors' histograms (after a warm-up, say).
     */
    public void resetHistograms()
    {
        observability.resetHistograms();
    }

    /** Forget the workers' high-water marks so far (after a warm-up, say): each holds the most seen since. */
    public void resetHighWater()
    {
        for (final Worker worker : workers.all())
        {
            worker.counters.resetHighWater();
        }
    }

    /**
     * @return the engine's name ({@code engine.name}, or one made up), as in its MBeans and JFR events.
     */
    public String name()
    {
        return observability.engineName;
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
