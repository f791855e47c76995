package io.hotpath.bench.jmh.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.FullQueuePolicy;
import io.hotpath.QueueFullException;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a refused remote send costs the sender, from a thread outside the engine, once Aeron pushes back: two nodes
 * in this JVM over IPC (the second on the first one's driver), the receiving actor's worker held by a handler that
 * waits until the trial ends, so the publication to it is full and every send is refused. The sending engine's
 * full-queue policy is {@code fail}.
 * <ul>
 *   <li>{@code offer}: {@code ActorRef.offer} returns false.</li>
 *   <li>{@code tell}: {@code ActorRef.tell} throws a {@link QueueFullException}, caught here.</li>
 * </ul>
 * The setup fills the publication first and fails the trial if a send is ever accepted after that.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class RefusedSendBenchmark
{
    private static final int TERM_LENGTH = 64 * 1024;
    private static final Integer MESSAGE = 7;

    private Engine engineA;
    private Engine engineB;
    private RemoteNode nodeA;
    private RemoteNode nodeB;
    private ActorRef<Integer> held;
    private final CountDownLatch release = new CountDownLatch(1);
    private long accepted;

    @Setup(Level.Trial)
    public void setUp() throws Exception
    {
        final String tag = Long.toHexString(System.nanoTime());
        engineA = Engine.start(EngineConfig.builder().workers(1).idle("backoff").fullQueuePolicy(FullQueuePolicy.FAIL)
            .stallThresholdNs(0).build());
        engineB = Engine.start(EngineConfig.builder().workers(1).idle("backoff").stallThresholdNs(0).build());
        nodeA = RemoteNode.start(engineA, RemoteConfig.builder().address("ipc://refused-a-" + tag)
            .termLength(TERM_LENGTH).build());
        nodeB = RemoteNode.start(engineB, RemoteConfig.builder().address("ipc://refused-b-" + tag)
            .termLength(TERM_LENGTH).externalDriver(nodeA.aeronDirectory()).build());
        final CountDownLatch holding = new CountDownLatch(1);
        final CountDownLatch released = release;
        nodeB.publish("held", engineB.actor((ActorContext<Integer> ctx) -> (Integer n) ->
        {
            holding.countDown();
            released.await(10, TimeUnit.MINUTES);
        }).onWorker(0).spawn());
        held = nodeA.<Integer>resolve(nodeB.address().toString(), "held").get(Duration.ofSeconds(20));
        held.tell(0);
        if (!holding.await(20, TimeUnit.SECONDS))
        {
            throw new IllegalStateException("the first message never arrived");
        }
        for (int n = 1; ; n++)
        {
            if (n == 10_000_000)
            {
                throw new IllegalStateException("Aeron never pushed back");
            }
            if (!held.offer(n))
            {
                break;
            }
        }
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        release.countDown();
        final Engine a = engineA;
        final Engine b = engineB;
        final RemoteNode sender = nodeA;
        try (a; b; sender)
        {
            nodeB.close();
        }
        if (accepted != 0)
        {
            throw new IllegalStateException(accepted + " sends were accepted after the publication filled");
        }
    }

    @Benchmark
    public boolean offer()
    {
        final boolean taken = held.offer(MESSAGE);
        if (taken)
        {
            accepted++;
        }
        return taken;
    }

    @Benchmark
    public Object tell()
    {
        try
        {
            held.tell(MESSAGE);
            accepted++;
            return null;
        }
        catch (final QueueFullException refused)
        {
            return refused;
        }
    }
}
