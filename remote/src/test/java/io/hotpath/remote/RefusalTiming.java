package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A timing program, not a test (no run of the build calls it): the cost of a refused remote send, for each way a send
 * can be refused when Aeron pushes back. Two nodes in this JVM over IPC; node B's receiving worker is held by a
 * handler that waits, so node A's publication to it fills and A's worker backlog (8 messages) fills behind it. Then,
 * for a few rounds of {@code seconds / rounds} each, it times:
 * <ul>
 * <li>{@code worker tell}: an actor of A tells under the wait and fail policies; every tell is refused
 * ({@link QueueFullException}, caught) once the backlog is full;</li>
 * <li>{@code worker offer}: the same actor offers; every offer returns false;</li>
 * <li>{@code outside tell}: the main thread tells under fail (refused at once: Aeron pushes back);</li>
 * <li>{@code outside offer}: the main thread offers.</li>
 * </ul>
 * and prints the nanoseconds per refused send of each round. Rough figures: timed with {@code System.nanoTime} over
 * many calls, not JMH; on a loaded host they say how costs compare, not what they are.
 * Run with the test class path and {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}:
 * {@code RefusalTiming [seconds]}.
 */
public final class RefusalTiming
{
    private static final int TERM = 64 * 1024;
    private static final int ROUNDS = 5;
    private static final int BATCH = 10_000;

    private RefusalTiming()
    {
    }

    /**
     * @param args {@code [seconds]}: the time per case, split into rounds (default 10).
     * @throws Exception to end the program loudly.
     */
    public static void main(final String[] args) throws Exception
    {
        final long roundNs = TimeUnit.SECONDS.toNanos(args.length > 0 ? Integer.parseInt(args[0]) : 10) / ROUNDS;
        for (final FullQueuePolicy policy : new FullQueuePolicy[] {FullQueuePolicy.WAIT, FullQueuePolicy.FAIL})
        {
            try (Held held = Held.start(policy))
            {
                final String name = policy.name().toLowerCase(Locale.ROOT);
                report("worker tell (" + name + ")", fromWorker(held, roundNs, true));
                report("worker offer (" + name + ")", fromWorker(held, roundNs, false));
                if (policy == FullQueuePolicy.FAIL)
                {
                    report("outside tell (fail)", fromOutside(held.remote, roundNs, true));
                    report("outside offer (fail)", fromOutside(held.remote, roundNs, false));
                }
            }
        }
    }

    private static void report(final String what, final double[] nsPerSend)
    {
        final StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-22s ns per refused send:", what));
        for (final double ns : nsPerSend)
        {
            line.append(String.format(Locale.ROOT, " %8.1f", ns));
        }
        System.out.println(line);
    }

    /** Rounds of refused sends from an actor of A, all within one of its turns (so its link drains nothing). */
    private static double[] fromWorker(final Held held, final long roundNs, final boolean tell) throws Exception
    {
        final CompletableFuture<double[]> result = new CompletableFuture<>();
        held.engineA.spawn(tell ? "timer-tell" : "timer-offer", (ActorContext<String> ctx) -> (String go) ->
        {
            try
            {
                result.complete(rounds(held.remote, roundNs, tell));
            }
            catch (final RuntimeException ex)
            {
                result.completeExceptionally(ex);
            }
        }).tell("go");
        return result.get(roundNs * ROUNDS / 1_000_000_000L + 60, TimeUnit.SECONDS);
    }

    private static double[] fromOutside(final ActorRef<Integer> remote, final long roundNs, final boolean tell)
    {
        return rounds(remote, roundNs, tell);
    }

    private static double[] rounds(final ActorRef<Integer> remote, final long roundNs, final boolean tell)
    {
        fill(remote);
        final double[] nsPerSend = new double[ROUNDS];
        final Integer message = 7;
        for (int round = 0; round < ROUNDS; round++)
        {
            long refused = 0;
            final long startNs = System.nanoTime();
            long nowNs = startNs;
            while (nowNs - startNs < roundNs)
            {
                for (int i = 0; i < BATCH; i++)
                {
                    if (tell)
                    {
                        try
                        {
                            remote.tell(message);
                        }
                        catch (final QueueFullException ex)
                        {
                            refused++;
                        }
                    }
                    else if (!remote.offer(message))
                    {
                        refused++;
                    }
                }
                nowNs = System.nanoTime();
            }
            if (refused == 0)
            {
                throw new IllegalStateException("no send was refused: Aeron did not push back");
            }
            nsPerSend[round] = (double)(nowNs - startNs) / refused;
        }
        return nsPerSend;
    }

    /** Offer until Aeron pushes back and a backlog, if any, is full: every later send is refused. */
    private static void fill(final ActorRef<Integer> remote)
    {
        for (int n = 1; n < 1_000_000; n++)
        {
            try
            {
                remote.tell(n);
            }
            catch (final QueueFullException ex)
            {
                return;
            }
        }
        throw new IllegalStateException("Aeron never pushed back");
    }

    /** Two nodes over IPC, B's receiving worker held until close. */
    private record Held(Engine engineA, Engine engineB, RemoteNode a, RemoteNode b, ActorRef<Integer> remote,
        CountDownLatch release) implements AutoCloseable
    {
        static Held start(final FullQueuePolicy policy) throws InterruptedException
        {
            final String tag = Long.toHexString(System.nanoTime());
            final Engine engineA = Engine.start(EngineConfig.builder().workers(2).idle("backoff")
                .fullQueuePolicy(policy).sendTimeoutNs(1_000_000L).stallThresholdNs(0).build());
            final Engine engineB = Engine.start(EngineConfig.builder().workers(2).idle("backoff")
                .stallThresholdNs(0).build());
            final RemoteNode a = RemoteNode.start(engineA, RemoteConfig.builder().address("ipc://rt-a-" + tag)
                .termLength(TERM).backlog(8).build());
            final RemoteNode b = RemoteNode.start(engineB, RemoteConfig.builder().address("ipc://rt-b-" + tag)
                .termLength(TERM).externalDriver(a.aeronDirectory()).build());
            final CountDownLatch release = new CountDownLatch(1);
            final CountDownLatch holding = new CountDownLatch(1);
            b.publish("held", engineB.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                holding.countDown();
                release.await(10, TimeUnit.MINUTES);
            }).onWorker(1).spawn());
            final ActorRef<Integer> remote = a.<Integer>resolve(b.address().toString(), "held")
                .get(Duration.ofSeconds(20));
            remote.tell(0);
            if (!holding.await(20, TimeUnit.SECONDS))
            {
                throw new IllegalStateException("the first message never arrived");
            }
            return new Held(engineA, engineB, a, b, remote, release);
        }

        @Override
        public void close()
        {
            release.countDown();
            try (engineA; engineB; a)
            {
                b.close();
            }
        }
    }
}
