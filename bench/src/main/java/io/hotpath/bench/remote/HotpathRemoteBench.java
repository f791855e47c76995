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
 * Hotpath's remote actors in the remote rows: two nodes in this JVM, an engine of one worker each; a round trip is
 * a ping actor on one node telling a pong actor on the other, which tells it back; a blast is an actor whose
 * repeating step offers pings to a sink on the other node. Used by the driver thread.
 */
public final class HotpathRemoteBench implements BenchImpl
{
    private static final Duration RESOLVE = Duration.ofSeconds(20);
    private static final int BURST = 64;

    @Override
    public String name()
    {
        return "hotpath-remote";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.remote();
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
            final RemoteNode a = teardown.add(RemoteNode.start(engineA, RemoteConfig.builder().codecs(codecs)
                .termLength(RemoteSetup.TERM_LENGTH)
                .address(ipc ? "ipc://bench-a-" + tag : "udp://127.0.0.1:" + RemoteSetup.freeUdpPort()).build()));
            final RemoteConfig.Builder configB = RemoteConfig.builder().codecs(codecs)
                .termLength(RemoteSetup.TERM_LENGTH)
                .address(ipc ? "ipc://bench-b-" + tag : "udp://127.0.0.1:" + RemoteSetup.freeUdpPort());
            if (ipc)
            {
                configB.externalDriver(a.aeronDirectory());
            }
            final RemoteNode b = teardown.add(RemoteNode.start(engineB, configB.build()));
            if (scenario.kind() == ScenarioKind.REMOTE_BLAST)
            {
                blast(engineA, engineB, a, b, probe);
            }
            else
            {
                pingPong(engineA, engineB, a, b, probe);
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
        final Probe probe)
    {
        final ProbeSender sender = probe.newSender();
        final ActorRef<Ping>[] pong = holder();
        final ActorRef<Ping>[] ping = holder();
        final ActorRef<Object> initiator = engineA.actor((ActorContext<Object> ctx) ->
        {
            final Ping mine = new Ping();
            return (Object m) ->
            {
                if (m instanceof Ping back)
                {
                    probe.onRoundTrip(back.stampNs, System.nanoTime(), back.threadId,
                        Thread.currentThread().threadId());
                }
                if (!probe.sending())
                {
                    sender.stop();
                    return;
                }
                mine.sequence++;
                mine.stampNs = System.nanoTime();
                sender.sent();
                pong[0].tell(mine);
            };
        }).name("ping").spawn();
        a.publish("ping", initiator);
        b.publish("pong", engineB.spawn("pong", (ActorContext<Ping> ctx) -> (Ping m) ->
        {
            m.threadId = Thread.currentThread().threadId();
            ping[0].tell(m);
        }));
        pong[0] = a.<Ping>resolve(b.address().toString(), "pong").get(RESOLVE);
        ping[0] = b.<Ping>resolve(a.address().toString(), "ping").get(RESOLVE);
        initiator.tell("start");
    }

    private static void blast(final Engine engineA, final Engine engineB, final RemoteNode a, final RemoteNode b,
        final Probe probe)
    {
        b.publish("sink", engineB.spawn("sink", (ActorContext<Ping> ctx) -> (Ping m) -> probe.onMessage()));
        final ActorRef<Ping> sink = a.<Ping>resolve(b.address().toString(), "sink").get(RESOLVE);
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

    @SuppressWarnings("unchecked")
    private static <T> ActorRef<T>[] holder()
    {
        return (ActorRef<T>[])new ActorRef<?>[1];
    }
}
