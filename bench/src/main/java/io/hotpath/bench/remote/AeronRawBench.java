package io.hotpath.bench.remote;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import org.agrona.concurrent.AgentInvoker;

import java.io.File;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

/**
 * The floor of the remote rows: raw Aeron, two threads busy-spinning on exclusive publications and subscriptions of
 * the same channels, term length and 32-byte message as the nodes, with the media drivers in INVOKER mode run from
 * the same loops (IPC: one driver, run by the first thread; UDP: one per side). Used by the driver thread.
 */
public final class AeronRawBench implements BenchImpl
{
    private static final int STREAM_TO_B = 1001;
    private static final int STREAM_TO_A = 1002;
    private static final long CONNECT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int SPARSE_MASK = 15;

    @Override
    public String name()
    {
        return "aeron-raw";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.remote();
    }

    /**
     * One side: a driver it runs (or none), its client, what it sends on and polls. Its loop's thread only. As a
     * node does, it runs an IPC driver and the client conductor every {@value #SPARSE_MASK}+1 rounds only, and a UDP
     * driver (on the data path) every round.
     */
    private static final class Side
    {
        AgentInvoker driver;
        boolean udp;
        Aeron aeron;
        ExclusivePublication pub;
        Subscription sub;
        int rounds;

        int duty()
        {
            final boolean sparse = (++rounds & SPARSE_MASK) == 0;
            return (driver != null && (udp || sparse) ? driver.invoke() : 0) +
                (sparse ? aeron.conductorAgentInvoker().invoke() : 0);
        }
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final RemoteSetup.Teardown teardown = new RemoteSetup.Teardown();
        try
        {
            final Side a = new Side();
            final Side b = new Side();
            final String toB;
            final String toA;
            final MediaDriver driverA = teardown.add(driver());
            a.driver = driverA.sharedAgentInvoker();
            a.aeron = teardown.add(client(driverA, a.driver));
            if (RemoteSetup.ipc(scenario))
            {
                toB = "aeron:ipc?term-length=" + RemoteSetup.TERM_LENGTH;
                toA = toB;
                // connecting waits for the driver, which only the first side's loop runs: run it meanwhile
                b.aeron = teardown.add(client(driverA, a.driver));
            }
            else
            {
                final MediaDriver driverB = teardown.add(driver());
                b.driver = driverB.sharedAgentInvoker();
                a.udp = true;
                b.udp = true;
                b.aeron = teardown.add(client(driverB, b.driver));
                toB = udp(RemoteSetup.freeUdpPort());
                toA = udp(RemoteSetup.freeUdpPort());
            }
            b.sub = b.aeron.addSubscription(toB, STREAM_TO_B);
            a.sub = a.aeron.addSubscription(toA, STREAM_TO_A);
            a.pub = a.aeron.addExclusivePublication(toB, STREAM_TO_B);
            b.pub = b.aeron.addExclusivePublication(toA, STREAM_TO_A);
            final long deadlineNs = System.nanoTime() + CONNECT_NS;
            while (!a.pub.isConnected() || !b.pub.isConnected())
            {
                a.duty();
                b.duty();
                if (System.nanoTime() - deadlineNs > 0)
                {
                    throw new IllegalStateException("raw Aeron publications did not connect within 10 s");
                }
            }
            if (scenario.kind() == ScenarioKind.REMOTE_BLAST)
            {
                blast(a, b, probe, teardown);
            }
            else
            {
                pingPong(a, b, probe, teardown);
            }
            return teardown;
        }
        catch (final RuntimeException ex)
        {
            teardown.close();
            throw ex;
        }
    }

    private static String udp(final int port)
    {
        return "aeron:udp?endpoint=127.0.0.1:" + port + "|term-length=" + RemoteSetup.TERM_LENGTH + "|mtu=" +
            RemoteSetup.MTU;
    }

    private static MediaDriver driver()
    {
        final String dir = new File(new File("/dev/shm").isDirectory() ? "/dev/shm" :
            System.getProperty("java.io.tmpdir"), "hotpath-bench-aeron-" + RemoteSetup.tag()).getAbsolutePath();
        return MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(dir)
            .threadingMode(ThreadingMode.INVOKER)
            .asyncExecutorEnabled(false)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .termBufferSparseFile(true)
            .publicationTermBufferLength(RemoteSetup.TERM_LENGTH)
            .ipcTermBufferLength(RemoteSetup.TERM_LENGTH)
            .mtuLength(RemoteSetup.MTU));
    }

    private static Aeron client(final MediaDriver driver, final AgentInvoker driverInvoker)
    {
        return Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .useConductorAgentInvoker(true)
            .driverAgentInvoker(driverInvoker));
    }

    /** The initiator's state, touched by its thread alone (its loop and its fragment handler). */
    private static final class Initiator
    {
        boolean awaiting;
        long sequence;
        long threadId;
    }

    private static void pingPong(final Side a, final Side b, final Probe probe, final RemoteSetup.Teardown teardown)
    {
        final ProbeSender sender = probe.newSender();
        final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
        final BufferClaim pingClaim = new BufferClaim();
        final BufferClaim pongClaim = new BufferClaim();
        final Initiator state = new Initiator();
        final FragmentHandler onPong = (buffer, offset, length, header) ->
        {
            probe.onRoundTrip(buffer.getLong(offset, ORDER), System.nanoTime(), buffer.getLong(offset + 8, ORDER),
                state.threadId);
            state.awaiting = false;
        };
        final FragmentHandler echo = (buffer, offset, length, header) ->
        {
            while (b.pub.tryClaim(Ping.LENGTH, pongClaim) < 0)
            {
                b.duty();
            }
            pongClaim.buffer().putBytes(pongClaim.offset(), buffer, offset, Ping.LENGTH);
            pongClaim.buffer().putLong(pongClaim.offset() + 8, Thread.currentThread().threadId(), ORDER);
            pongClaim.commit();
        };
        teardown.add(new RemoteSetup.BusyThread("aeron-ping", () ->
        {
            a.duty();
            if (state.awaiting)
            {
                a.sub.poll(onPong, 1);
                return;
            }
            if (stop.now())
            {
                return;
            }
            state.threadId = Thread.currentThread().threadId();
            while (a.pub.tryClaim(Ping.LENGTH, pingClaim) < 0)
            {
                a.duty();
            }
            pingClaim.buffer().putLong(pingClaim.offset(), System.nanoTime(), ORDER);
            pingClaim.buffer().putLong(pingClaim.offset() + 16, ++state.sequence, ORDER);
            pingClaim.commit();
            sender.sent();
            state.awaiting = true;
        })).start();
        teardown.add(new RemoteSetup.BusyThread("aeron-pong", () ->
        {
            b.duty();
            b.sub.poll(echo, 16);
        })).start();
    }

    private static void blast(final Side a, final Side b, final Probe probe, final RemoteSetup.Teardown teardown)
    {
        final ProbeSender sender = probe.newSender();
        final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
        final BufferClaim claim = new BufferClaim();
        final FragmentHandler count = (buffer, offset, length, header) -> probe.onMessage();
        teardown.add(new RemoteSetup.BusyThread("aeron-blast", () ->
        {
            a.duty();
            if (stop.now())
            {
                return;
            }
            int n = 0;
            while (n < 64 && a.pub.tryClaim(Ping.LENGTH, claim) > 0)
            {
                claim.buffer().putLong(claim.offset(), n, ORDER);
                claim.commit();
                n++;
            }
            if (n > 0)
            {
                sender.sent(n);
            }
        })).start();
        teardown.add(new RemoteSetup.BusyThread("aeron-sink", () ->
        {
            b.duty();
            b.sub.poll(count, 256);
        })).start();
    }
}
