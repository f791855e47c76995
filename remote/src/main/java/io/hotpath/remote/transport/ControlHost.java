package io.hotpath.remote.transport;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Idle;
import io.hotpath.RepeatingStep;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a node's {@link ControlAgent} runs: on a thread of the node's own ({@code remote.controlWorker} unset, the
 * default), idling with {@code remote.idle}, where no user handler can hold up the heartbeats, the failure detector
 * or an embedded driver; or as the repeating step of an actor on the worker {@code remote.controlWorker} names, which
 * adds no thread and shares that worker's duty cycle with its actors. Made and closed by the node's owner thread.
 */
final class ControlHost
{
    private static final AtomicInteger THREADS = new AtomicInteger();
    /** Idle calls of the node's thread that yield, under {@code backoff}, before it parks. */
    private static final int BACKOFF_YIELDS = 64;

    private final NodeRuntime node;
    private final AgentRunner runner;
    private final ActorRef<Object> actor;

    private ControlHost(final NodeRuntime node, final AgentRunner runner, final ActorRef<Object> actor)
    {
        this.node = node;
        this.runner = runner;
        this.actor = actor;
    }

    /**
     * Start the agent where the settings say.
     *
     * @param node the node, its links spawned.
     * @return the running host.
     */
    static ControlHost start(final NodeRuntime node)
    {
        final ControlAgent agent = node.controlAgent;
        final int worker = node.config.controlWorker();
        if (worker >= 0)
        {
            final RepeatingStep step = agent::doWork;
            final ActorRef<Object> actor = node.engine.actor((ActorContext<Object> ctx) ->
            {
                ctx.repeat(step);
                return (Object message) ->
                {
                };
            }).name("hotpath.remote." + Long.toHexString(node.incarnation) + ".control").onWorker(worker).spawn();
            return new ControlHost(node, null, actor);
        }
        final AgentRunner runner = new AgentRunner(idleStrategy(node.config.idle(), node.config.idleMaxParkNs()),
            error -> node.logError("the control agent of node " + node.address + " failed; it goes on", error),
            null, agent);
        AgentRunner.startOnThread(runner, task ->
        {
            final Thread thread = new Thread(task, "hp-node-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        return new ControlHost(node, runner, null);
    }

    private static IdleStrategy idleStrategy(final Idle idle, final long maxParkNs)
    {
        return switch (idle)
        {
            case BUSY_SPIN -> new BusySpinIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            // no spin phase: a thread that spins between the node's duty cycles held a round trip over UDP at about
            // 135 us on a KVM guest, one that yields at about 25 us (lab entry 2026-11-29-node-thread-no-spin)
            case BACKOFF -> new BackoffIdleStrategy(0, BACKOFF_YIELDS, 1_000, maxParkNs);
            case PARK -> new SleepingIdleStrategy(maxParkNs);
        };
    }

    /** {@return the control actor when the agent runs on a worker, else null} */
    ActorRef<Object> actor()
    {
        return actor;
    }

    /**
     * Stop the agent and close its subscription. On a worker, the actor is stopped (unless the engine has closed,
     * which stopped it); its stop is waited for up to {@code timeout}.
     *
     * @param timeout how long to wait for the actor's stop.
     */
    void close(final Duration timeout)
    {
        if (runner != null)
        {
            runner.close();
            return;
        }
        final Engine engine = node.engine;
        try
        {
            if (engine.isClosed())
            {
                engine.awaitTermination(timeout);
            }
            else
            {
                engine.stop(actor).get(timeout);
            }
        }
        finally
        {
            node.controlAgent.onClose();
        }
    }
}
