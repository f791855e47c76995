package io.hotpath.bench.remote;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.PekkoConfig;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import org.apache.pekko.actor.AbstractActor;
import org.apache.pekko.actor.ActorRef;
import org.apache.pekko.actor.ActorSystem;
import org.apache.pekko.actor.Props;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Pekko's remoting in the remote rows: two ActorSystems in this JVM with Artery over TCP (Pekko's default
 * transport) on 127.0.0.1, a 32-byte {@code byte[]} as the message (Pekko's own ByteArraySerializer). Pekko has no
 * IPC transport, so it runs the UDP rows (over TCP) only. Used by the driver thread.
 */
public final class ArteryBench implements BenchImpl
{
    private static final Duration RESOLVE = Duration.ofSeconds(20);
    /** Most blast messages in flight: below Artery's outbound queue (3072), which drops beyond. */
    private static final long WINDOW = 1_000;

    @Override
    public String name()
    {
        return "pekko-artery";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.remote() && scenario.kind() != ScenarioKind.CLUSTER_ROUND_TRIP && !RemoteSetup.ipc(scenario) &&
            !RemoteSetup.onWorker0(scenario);
    }

    /** Pekko's dispatcher threads do not host raw Aeron: the row runs alone, its level read before and after. */
    @Override
    public boolean alternatesWithFloor(final Scenario scenario)
    {
        return false;
    }

    private static Config config(final int port, final int workers)
    {
        return ConfigFactory.parseString("""
            pekko {
              actor.provider = remote
              actor.allow-java-serialization = off
              remote.use-unsafe-remote-features-outside-cluster = on
              remote.warn-unsafe-watch-outside-cluster = off
              remote.artery {
                transport = tcp
                canonical.hostname = "127.0.0.1"
                canonical.port = %d
              }
            }
            """.formatted(port)).withFallback(PekkoConfig.create(workers));
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe) throws Exception
    {
        final int portA = RemoteSetup.freeUdpPort();
        final int portB = RemoteSetup.freeUdpPort();
        final ActorSystem a = ActorSystem.create("a", config(portA, 1));
        final ActorSystem b = ActorSystem.create("b", config(portB, 1));
        final RemoteSetup.Teardown teardown = new RemoteSetup.Teardown();
        teardown.add(() -> terminate(a));
        teardown.add(() -> terminate(b));
        try
        {
            if (scenario.kind() == ScenarioKind.REMOTE_BLAST)
            {
                final AtomicLong received = new AtomicLong();
                b.actorOf(Props.create(Sink.class, () -> new Sink(probe, received)), "sink");
                final ActorRef sink = resolve(a, "pekko://b@127.0.0.1:" + portB + "/user/sink");
                final ProbeSender sender = probe.newSender();
                final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
                final byte[] message = new byte[Ping.LENGTH];
                final long[] sent = new long[1];
                teardown.add(new RemoteSetup.BusyThread("artery-blast", () ->
                {
                    if (stop.now())
                    {
                        java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
                    }
                    else if (sent[0] - received.get() < WINDOW)
                    {
                        sink.tell(message, ActorRef.noSender());
                        sent[0]++;
                        sender.sent();
                    }
                })).start();
            }
            else
            {
                b.actorOf(Props.create(Pong.class, Pong::new), "pong");
                final ActorRef pong = resolve(a, "pekko://b@127.0.0.1:" + portB + "/user/pong");
                final ActorRef ping = a.actorOf(Props.create(Initiator.class, () -> new Initiator(probe, pong)),
                    "ping");
                ping.tell("start", ActorRef.noSender());
            }
            return teardown;
        }
        catch (final Exception ex)
        {
            teardown.close();
            throw ex;
        }
    }

    private static ActorRef resolve(final ActorSystem system, final String path) throws Exception
    {
        return system.actorSelection(path).resolveOne(RESOLVE).toCompletableFuture()
            .get(RESOLVE.toSeconds(), TimeUnit.SECONDS);
    }

    private static void terminate(final ActorSystem system) throws Exception
    {
        system.terminate();
        system.getWhenTerminated().toCompletableFuture().get(20, TimeUnit.SECONDS);
    }

    /** Sends a ping, records the round trip when it comes back, sends the next. */
    static final class Initiator extends AbstractActor
    {
        private final Probe probe;
        private final ProbeSender sender;
        private final ActorRef pong;
        private final byte[] message = new byte[Ping.LENGTH];
        private long stampNs;

        Initiator(final Probe probe, final ActorRef pong)
        {
            this.probe = probe;
            this.sender = probe.newSender();
            this.pong = pong;
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder()
                .match(byte[].class, back ->
                {
                    probe.onRoundTrip(stampNs, System.nanoTime(), ByteBuffer.wrap(back).getLong(8),
                        Thread.currentThread().threadId());
                    next();
                })
                .matchEquals("start", start -> next())
                .build();
        }

        private void next()
        {
            if (!probe.sending())
            {
                sender.stop();
                return;
            }
            stampNs = System.nanoTime();
            sender.sent();
            pong.tell(message, self());
        }
    }

    /** Answers with what it got, its thread written in. */
    static final class Pong extends AbstractActor
    {
        @Override
        public Receive createReceive()
        {
            return receiveBuilder().match(byte[].class, m ->
            {
                ByteBuffer.wrap(m).putLong(8, Thread.currentThread().threadId());
                sender().tell(m, self());
            }).build();
        }
    }

    /** Counts. */
    static final class Sink extends AbstractActor
    {
        private final Probe probe;
        private final AtomicLong received;

        Sink(final Probe probe, final AtomicLong received)
        {
            this.probe = probe;
            this.received = received;
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder().match(byte[].class, m ->
            {
                probe.onMessage();
                received.lazySet(received.get() + 1);
            }).build();
        }
    }
}
