package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A measuring program, not a test (no run of the build calls it): two nodes in this JVM over UDP on 127.0.0.1, a slow
 * actor (50 us of work per message) on worker 0 of node B flooded from node A.
 * <ul>
 * <li>{@code neighbours [seconds]}: pings, one at a time, from the flood's sending worker to an echo beside the slow
 * actor and to one on B's other worker; prints their round trips (p50, p99, max) before and during the flood.</li>
 * <li>{@code heap fail|drop|wait [seconds]}: a thread outside the engine floods the slow actor with tells and asks
 * (every 16th, with a 30 s timeout) under that full-queue policy; prints the heap used after a full GC every 5 s.</li>
 * </ul>
 * Run with the test class path and {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}; both engines take
 * {@code actor.batchBudget} from {@code -Dprobe.batchBudget=N} (the default otherwise) and the rest from their
 * defaults.
 */
public final class FloodProbe
{
    private static final long SLOW_NS = 50_000L;
    private static final Duration WAIT = Duration.ofSeconds(30);

    private FloodProbe()
    {
    }

    /**
     * @param args {@code neighbours [seconds]} or {@code heap POLICY [seconds]}.
     * @throws Exception to end the program loudly.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args.length > 0 && args[0].equals("neighbours"))
        {
            neighbours(args.length > 1 ? Integer.parseInt(args[1]) : 20);
        }
        else if (args.length > 1 && args[0].equals("heap"))
        {
            heap(FullQueuePolicy.valueOf(args[1].toUpperCase(Locale.ROOT)), args.length > 2 ?
                Integer.parseInt(args[2]) : 30);
        }
        else
        {
            System.out.println("usage: FloodProbe neighbours [seconds] | heap fail|drop|wait [seconds]");
        }
    }

    private static Engine engine(final FullQueuePolicy policy)
    {
        return Engine.start(EngineConfig.builder().workers(2).idle("backoff").fullQueuePolicy(policy)
            .batchBudget(Integer.getInteger("probe.batchBudget", EngineConfig.BATCH_BUDGET_DEFAULT)).build());
    }

    /** B's node: the slow actor and an echo on worker 0, an echo on worker 1. */
    private static RemoteNode slowNode(final Engine engine)
    {
        final RemoteNode node = RemoteNode.start(engine, Nodes.udp().build());
        node.publish("slow", engine.actor((ActorContext<Object> ctx) -> (Object m) ->
        {
            final long untilNs = System.nanoTime() + SLOW_NS;
            while (System.nanoTime() - untilNs < 0)
            {
                Thread.onSpinWait();
            }
            if (m instanceof String question)
            {
                ctx.reply(question);
            }
        }).onWorker(0).spawn());
        for (int w = 0; w < 2; w++)
        {
            node.publish("echo" + w, engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.reply(m))
                .onWorker(w).spawn());
        }
        return node;
    }

    private static void neighbours(final int seconds) throws Exception
    {
        try (Engine engineB = engine(FullQueuePolicy.WAIT);
             RemoteNode b = slowNode(engineB);
             Engine engineA = engine(FullQueuePolicy.WAIT);
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final ActorRef<Object> slow = a.resolve(b.address().toString(), "slow").get(WAIT);
            final ActorRef<String> echo0 = a.<String>resolve(b.address().toString(), "echo0").get(WAIT);
            final ActorRef<String> echo1 = a.<String>resolve(b.address().toString(), "echo1").get(WAIT);
            final Pinger pinger = new Pinger(engineA, echo0, echo1);
            pinger.run(Math.max(2, seconds / 4));
            System.out.println("before the flood: " + pinger.report());

            final AtomicBoolean stop = new AtomicBoolean();
            final AtomicLong sent = new AtomicLong();
            final AtomicLong refused = new AtomicLong();
            engineA.actor((ActorContext<Object> ctx) -> (Object m) ->
            {
                for (int i = 0; i < 64 && !stop.get(); i++)
                {
                    if (!slow.offer(i))
                    {
                        refused.incrementAndGet();
                        ctx.schedule("again", Duration.ofMillis(1));
                        return;
                    }
                    sent.incrementAndGet();
                }
                if (!stop.get())
                {
                    ctx.self().tell("again");
                }
            }).onWorker(0).spawn().tell("go");
            pinger.run(seconds);
            stop.set(true);
            System.out.println("during the flood (" + sent.get() + " sent, " + refused.get() + " offers refused): " +
                pinger.report());
        }
    }

    /** Pings from worker 0 of node A, one at a time, alternately to the two echoes. */
    private static final class Pinger
    {
        private final Engine engine;
        private final ActorRef<String> echo0;
        private final ActorRef<String> echo1;
        private Histogram beside;
        private Histogram other;

        Pinger(final Engine engine, final ActorRef<String> echo0, final ActorRef<String> echo1)
        {
            this.engine = engine;
            this.echo0 = echo0;
            this.echo1 = echo1;
        }

        void run(final int seconds) throws Exception
        {
            final Histogram near = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
            final Histogram far = new Histogram(TimeUnit.SECONDS.toNanos(60), 3);
            final long untilNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            final java.util.concurrent.CompletableFuture<Void> done = new java.util.concurrent.CompletableFuture<>();
            engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                final long startNs = System.nanoTime();
                (n % 2 == 0 ? echo0 : echo1).<String>ask("ping").onComplete((answer, error) ->
                {
                    (n % 2 == 0 ? near : far).recordValue(Math.min(System.nanoTime() - startNs,
                        near.getHighestTrackableValue()));
                    if (System.nanoTime() - untilNs >= 0)
                    {
                        done.complete(null);
                    }
                    else
                    {
                        ctx.schedule(n + 1, Duration.ofMillis(1));
                    }
                });
            }).onWorker(0).spawn().tell(0);
            done.get(seconds + 120L, TimeUnit.SECONDS);
            beside = near;
            other = far;
        }

        String report()
        {
            return "echo beside the slow actor " + figures(beside) + "; echo on the other worker " + figures(other);
        }

        private static String figures(final Histogram h)
        {
            return String.format(Locale.ROOT, "n=%d p50=%.0f us p99=%.0f us max=%.0f us", h.getTotalCount(),
                h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3, h.getMaxValue() / 1e3);
        }
    }

    private static void heap(final FullQueuePolicy policy, final int seconds)
    {
        final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        try (Engine engineB = engine(FullQueuePolicy.WAIT);
             RemoteNode b = slowNode(engineB);
             Engine engineA = engine(policy);
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build()))
        {
            final ActorRef<Object> slow = a.resolve(b.address().toString(), "slow").get(WAIT);
            final long startNs = System.nanoTime();
            long nextReportNs = startNs;
            long sent = 0;
            long refused = 0;
            while (System.nanoTime() - startNs < TimeUnit.SECONDS.toNanos(seconds))
            {
                try
                {
                    if (++sent % 16 == 0)
                    {
                        slow.ask("question " + sent, Duration.ofSeconds(30));
                    }
                    else
                    {
                        slow.tell(sent);
                    }
                }
                catch (final QueueFullException ex)
                {
                    refused++;
                }
                if (System.nanoTime() - nextReportNs >= 0)
                {
                    System.gc();
                    System.out.printf(Locale.ROOT, "%3d s: heap used after GC %6.1f MiB, sent %d, refused %d, " +
                        "dropped %d%n", TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNs),
                        memory.getHeapMemoryUsage().getUsed() / 1048576.0, sent, refused,
                        engineA.deadLetters().count(DeadLetterReason.QUEUE_FULL));
                    nextReportNs += TimeUnit.SECONDS.toNanos(5);
                }
                if ((sent & 1023) == 0)
                {
                    LockSupport.parkNanos(1_000);
                }
            }
        }
    }
}
