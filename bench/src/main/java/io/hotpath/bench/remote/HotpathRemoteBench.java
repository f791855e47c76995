package io.hotpath.bench.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;

import java.time.Duration;

/**
 * Hotpath's remote actors in the remote rows: two nodes in this JVM, an engine of one worker each, the remote
 * module's defaults; a round trip is a ping actor on one node telling a pong actor on the other, which tells it back;
 * a blast is an actor whose repeating step offers pings to a sink on the other node. Paired: raw Aeron
 * ({@link RawSlices}) alternates with that traffic in slices on the two workers, the ping actor (or the sink) keeping
 * the time as the row's recording thread. Used by the driver thread.
 */
public final class HotpathRemoteBench implements BenchImpl
{
    private static final Duration RESOLVE = Duration.ofSeconds(20);
    private static final int BURST = 64;
    /** The sink looks at the clock once per this many messages (a power of two, less one). */
    private static final int CLOCK_MASK = 1023;

    @Override
    public String name()
    {
        return "hotpath-remote";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.remote() && scenario.kind() != ScenarioKind.CLUSTER_ROUND_TRIP;
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final RemoteSetup.Teardown teardown = new RemoteSetup.Teardown();
        try
        {
            final Engine engineA = teardown.add(RemoteSetup.engine(context));
            final Engine engineB = teardown.add(RemoteSetup.engine(context));
            final Codecs codecs = Ping.register(Codecs.builder()).build();
            final boolean ipc = RemoteSetup.ipc(scenario);
            final String tag = RemoteSetup.tag();
            final int controlWorker = RemoteSetup.onWorker0(scenario) ? 0 : RemoteConfig.CONTROL_WORKER_DEFAULT;
            final RemoteNode a = teardown.add(RemoteNode.start(engineA, RemoteConfig.builder().codecs(codecs)
                .address(ipc ? "ipc://bench-a-" + tag : "udp://127.0.0.1:" + RemoteSetup.freeUdpPort())
                .controlWorker(controlWorker).build()));
            final RemoteConfig.Builder configB = RemoteConfig.builder().codecs(codecs)
                .address(ipc ? "ipc://bench-b-" + tag : "udp://127.0.0.1:" + RemoteSetup.freeUdpPort())
                .controlWorker(controlWorker);
            if (ipc)
            {
                // IPC is one driver's: the second node points at the first node's, as an external one
                configB.externalDriver(a.aeronDirectory());
            }
            final RemoteNode b = teardown.add(RemoteNode.start(engineB, configB.build()));
            probe.floorLevels(RemoteLevels.of(scenario));
            if (scenario.kind() == ScenarioKind.REMOTE_BLAST)
            {
                blast(engineA, engineB, a, b, ipc, context, probe, teardown);
            }
            else
            {
                pingPong(engineA, engineB, a, b, ipc, context, probe, teardown);
            }
            return teardown;
        }
        catch (final RuntimeException ex)
        {
            teardown.close();
            throw ex;
        }
    }

    private static void pingPong(final Engine engineA, final Engine engineB, final RemoteNode a, final RemoteNode b,
        final boolean ipc, final RunContext context, final Probe probe, final RemoteSetup.Teardown teardown)
    {
        final ProbeSender sender = probe.newSender();
        final ActorRef<Ping>[] pong = holder();
        final ActorRef<Object> initiator = engineA.actor((ActorContext<Object> ctx) ->
        {
            final Ping mine = new Ping();
            final RawSlices[] raw = new RawSlices[1];
            return (Object m) ->
            {
                final long nowNs = System.nanoTime();
                if (m instanceof Ping back)
                {
                    probe.onRoundTrip(back.stampNs, nowNs, back.threadId, Thread.currentThread().threadId());
                }
                else if (m instanceof RawSlices slices)
                {
                    // the start: the raw slices to alternate with
                    raw[0] = slices;
                }
                if (!probe.sending())
                {
                    sender.stop();
                    return;
                }
                if (raw[0].due(nowNs))
                {
                    raw[0].run();
                }
                mine.sequence++;
                mine.stampNs = System.nanoTime();
                sender.sent();
                pong[0].tell(mine);
            };
        }).name("ping").spawn();
        a.publish("ping", initiator);
        final ActorRef<Ping>[] ping = holder();
        b.publish("pong", engineB.spawn("pong", (ActorContext<Ping> ctx) -> (Ping m) ->
        {
            m.threadId = Thread.currentThread().threadId();
            ping[0].tell(m);
        }));
        pong[0] = a.<Ping>resolve(b.address().toString(), "pong").get(RESOLVE);
        ping[0] = b.<Ping>resolve(a.address().toString(), "ping").get(RESOLVE);
        // raw Aeron last, once the nodes are up: its drivers run only in its slices
        final RawAeron raw = teardown.addClosedLast(RawAeron.connect(ipc));
        final RawSlices slices = new RawSlices(probe, context.sliceNs(), false, raw.a(), raw.b());
        joiner(engineB, slices);
        initiator.tell(slices);
    }

    private static void blast(final Engine engineA, final Engine engineB, final RemoteNode a, final RemoteNode b,
        final boolean ipc, final RunContext context, final Probe probe, final RemoteSetup.Teardown teardown)
    {
        final ActorRef<Object> sinkRef = engineB.actor((ActorContext<Object> ctx) ->
        {
            final RawSlices[] raw = new RawSlices[1];
            final long[] received = new long[1];
            return (Object m) ->
            {
                if (m instanceof RawSlices slices)
                {
                    raw[0] = slices;
                    return;
                }
                probe.onMessage();
                if ((++received[0] & CLOCK_MASK) == 0 && raw[0] != null && raw[0].due(System.nanoTime()))
                {
                    raw[0].run();
                }
            };
        }).name("sink").spawn();
        b.publish("sink", sinkRef);
        final ActorRef<Ping> sink = a.<Ping>resolve(b.address().toString(), "sink").get(RESOLVE);
        // raw Aeron last, once the nodes are up: its drivers run only in its slices; the sink keeps the time
        final RawAeron raw = teardown.addClosedLast(RawAeron.connect(ipc));
        final RawSlices slices = new RawSlices(probe, context.sliceNs(), true, raw.b(), raw.a());
        sinkRef.tell(slices);
        final ProbeSender sender = probe.newSender();
        final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
        engineA.actor((ActorContext<Object> ctx) ->
        {
            final Ping ping = new Ping();
            ctx.repeat(() ->
            {
                if (stop.now())
                {
                    return 0;
                }
                slices.joinIfRequested();
                int n = 0;
                while (n < BURST && sink.offer(ping))
                {
                    n++;
                }
                if (n > 0)
                {
                    sender.sent(n);
                }
                return n;
            });
            return (Object m) -> { };
        }).name("blaster").spawn();
    }

    /** An actor on the pong's worker whose repeating step joins the raw slices the initiator asks for. */
    private static void joiner(final Engine engine, final RawSlices slices)
    {
        engine.actor((ActorContext<Object> ctx) ->
        {
            ctx.repeat(() -> slices.joinIfRequested() ? 1 : 0);
            return (Object m) -> { };
        }).name("raw-joiner").spawn();
    }

    @SuppressWarnings("unchecked")
    private static <T> ActorRef<T>[] holder()
    {
        return (ActorRef<T>[])new ActorRef<?>[1];
    }
}
