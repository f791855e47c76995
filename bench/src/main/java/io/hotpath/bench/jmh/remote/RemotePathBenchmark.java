package io.hotpath.bench.jmh.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.WorkerInvoker;
import io.hotpath.bench.remote.Ping;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Per-message cost and allocation of the remote path, single threaded: two nodes in this JVM, each on an engine
 * whose one worker is embedded and driven by the benchmark thread, so the whole path (encode into the claimed
 * term, Aeron, the other node's poll, decode, delivery to the actor, and back) runs on one thread, step by step.
 * Over IPC the second node uses the first one's driver; over UDP on 127.0.0.1 each has its own, in INVOKER mode.
 * <ul>
 *   <li>{@code tellRoundTrip}: a ping told to a remote actor, which tells it back to a local one.</li>
 *   <li>{@code askRoundTrip}: an actor asks the remote actor with a reused reply; the answer completes it on the
 *   asker's worker.</li>
 *   <li>{@code tellBatch}: {@value #BATCH} pings told one way, then delivered; per message.</li>
 * </ul>
 * With {@code -prof gc}, {@code gc.alloc.rate.norm} is the bytes allocated per message (the codec reuses its ping).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "-Xms1g", "-Xmx1g"})
@State(Scope.Thread)
public class RemotePathBenchmark
{
    static final int BATCH = 32;
    private static final long SPIN_LIMIT = 100_000_000L;

    @Param({"ipc", "udp"})
    String transport;

    private Engine engineA;
    private Engine engineB;
    private RemoteNode nodeA;
    private RemoteNode nodeB;
    private WorkerInvoker workerA;
    private WorkerInvoker workerB;
    private ActorRef<Ping> remotePong;
    private ActorRef<Ping> remoteSink;
    private ActorRef<String> asker;
    private final Ping ping = new Ping();
    private long pongs;
    private long sunk;
    private long answers;

    @Setup(Level.Trial)
    public void setUp() throws Exception
    {
        final Codecs codecs = Ping.register(Codecs.builder()).build();
        final boolean ipc = "ipc".equals(transport);
        final String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 24));
        engineA = Engine.start(EngineConfig.builder().workers(1).embedded(0, true).build());
        engineB = Engine.start(EngineConfig.builder().workers(1).embedded(0, true).build());
        nodeA = RemoteNode.start(engineA, RemoteConfig.builder().codecs(codecs)
            .address(ipc ? "ipc://jmh-a-" + tag : "udp://127.0.0.1:" + freePort()).build());
        workerA = engineA.invoker(0);
        workerA.doWork();
        final RemoteConfig.Builder configB = RemoteConfig.builder().codecs(codecs)
            .address(ipc ? "ipc://jmh-b-" + tag : "udp://127.0.0.1:" + freePort());
        if (ipc)
        {
            configB.externalDriver(nodeA.aeronDirectory());
        }
        // node B waits for a driver: A's, run by this thread's duty cycles, over IPC
        final CompletableFuture<RemoteNode> startedB = CompletableFuture.supplyAsync(
            () -> RemoteNode.start(engineB, configB.build()));
        pump(startedB::isDone);
        nodeB = startedB.get();
        workerB = engineB.invoker(0);

        final ActorRef<Ping> pingBack = engineA.actor((ActorContext<Ping> ctx) -> (Ping m) -> pongs++)
            .name("back").spawn();
        final ActorRef<Ping> sink = engineB.actor((ActorContext<Ping> ctx) -> (Ping m) -> sunk++)
            .name("sink").spawn();
        nodeA.publish("back", pingBack);
        nodeB.publish("sink", sink);
        final ActorRef<Ping> toBack = resolve(nodeB, nodeA, "back");
        nodeB.publish("pong", engineB.actor((ActorContext<Ping> ctx) -> (Ping m) -> toBack.tell(m))
            .name("pong").spawn());
        nodeB.publish("echo", engineB.actor((ActorContext<Ping> ctx) -> (Ping m) -> ctx.reply(m))
            .name("echo").spawn());
        remotePong = resolve(nodeA, nodeB, "pong");
        remoteSink = resolve(nodeA, nodeB, "sink");
        final ActorRef<Ping> echo = resolve(nodeA, nodeB, "echo");
        asker = engineA.actor((ActorContext<String> ctx) ->
        {
            final Reply<Ping> reply = new Reply<>();
            final java.util.function.BiConsumer<Ping, Throwable> counted = (value, error) -> answers++;
            return (String go) -> echo.ask(ping, reply).onComplete(counted);
        }).name("asker").spawn();
    }

    private <M> ActorRef<M> resolve(final RemoteNode from, final RemoteNode to, final String name) throws Exception
    {
        final Reply<ActorRef<M>> reply = from.resolve(to.address().toString(), name);
        final CompletableFuture<ActorRef<M>> future = reply.toCompletableFuture();
        pump(future::isDone);
        return future.get();
    }

    private static int freePort()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Run both workers' duty cycles until the condition holds. */
    private void pump(final BooleanSupplier done)
    {
        for (long i = 0; !done.getAsBoolean(); i++)
        {
            if (i == SPIN_LIMIT)
            {
                throw new IllegalStateException("the remote path made no progress in " + SPIN_LIMIT + " cycles");
            }
            workerA.doWork();
            if (workerB != null)
            {
                workerB.doWork();
            }
        }
    }

    @Benchmark
    public long tellRoundTrip()
    {
        final long expected = pongs + 1;
        remotePong.tell(ping);
        while (pongs != expected)
        {
            workerA.doWork();
            workerB.doWork();
        }
        return pongs;
    }

    @Benchmark
    public long askRoundTrip()
    {
        final long expected = answers + 1;
        asker.tell("go");
        while (answers != expected)
        {
            workerA.doWork();
            workerB.doWork();
        }
        return answers;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long tellBatch()
    {
        final long expected = sunk + BATCH;
        for (int i = 0; i < BATCH; i++)
        {
            remoteSink.tell(ping);
        }
        while (sunk != expected)
        {
            workerA.doWork();
            workerB.doWork();
        }
        return sunk;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception
    {
        // closing waits for the workers, which are this thread's: close from another thread while pumping
        final CompletableFuture<Void> closed = CompletableFuture.runAsync(() ->
        {
            nodeB.close();
            nodeA.close();
        });
        pump(closed::isDone);
        closed.get();
        final CompletableFuture<Void> engines = CompletableFuture.runAsync(() ->
        {
            engineB.close();
            engineA.close();
        });
        pump(engines::isDone);
        engines.get();
    }
}
