package io.hotpath.bench.remote;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.hotpath.remote.RemoteConfig;
import org.agrona.concurrent.AgentInvoker;

import java.io.File;
import java.util.concurrent.TimeUnit;

/**
 * Raw Aeron between two sides in this JVM, set up as the remote rows' nodes set theirs up but without the engine:
 * embedded media drivers in INVOKER mode with the remote module's default term length and MTU (IPC: one driver, run
 * by side a, as the second IPC node uses the first node's; UDP: one per side, on 127.0.0.1), one exclusive
 * publication and one subscription per side. The {@code aeron-raw} rows run its sides on threads of their own, the
 * paired {@code hotpath-remote} rows on the nodes' worker threads ({@link RawSlices}).
 * <p>
 * Threads: connected and closed by the driver thread; in between each side is run by one thread at a time, handed
 * over with a happens-before edge (a thread's start, an actor's spawn or message, a volatile flag). Closed only once
 * no thread runs a side.
 */
final class RawAeron implements AutoCloseable
{
    private static final int STREAM_TO_B = 1001;
    private static final int STREAM_TO_A = 1002;
    private static final long CONNECT_NS = TimeUnit.SECONDS.toNanos(10);

    private final RemoteSetup.Teardown parts;
    private final RawSide a;
    private final RawSide b;

    private RawAeron(final RemoteSetup.Teardown parts, final RawSide a, final RawSide b)
    {
        this.parts = parts;
        this.a = a;
        this.b = b;
    }

    /**
     * Launch the drivers, connect the clients and both publications, running the drivers from this thread meanwhile.
     *
     * @param ipc true for IPC, false for UDP on 127.0.0.1.
     * @return the two sides, connected.
     * @throws IllegalStateException when the publications do not connect within 10 s.
     */
    static RawAeron connect(final boolean ipc)
    {
        final RemoteSetup.Teardown parts = new RemoteSetup.Teardown();
        try
        {
            final MediaDriver driverA = parts.add(driver());
            final AgentInvoker invokerA = driverA.sharedAgentInvoker();
            final Aeron aeronA = parts.add(client(driverA, invokerA));
            final AgentInvoker invokerB;
            final Aeron aeronB;
            final String toB;
            final String toA;
            if (ipc)
            {
                toB = "aeron:ipc?term-length=" + RemoteConfig.TERM_LENGTH_DEFAULT;
                toA = toB;
                invokerB = null;
                // connecting waits for the driver, which only side a runs: run it meanwhile
                aeronB = parts.add(client(driverA, invokerA));
            }
            else
            {
                final MediaDriver driverB = parts.add(driver());
                invokerB = driverB.sharedAgentInvoker();
                aeronB = parts.add(client(driverB, invokerB));
                toB = udp(RemoteSetup.freeUdpPort());
                toA = udp(RemoteSetup.freeUdpPort());
            }
            final Subscription subB = aeronB.addSubscription(toB, STREAM_TO_B);
            final Subscription subA = aeronA.addSubscription(toA, STREAM_TO_A);
            final ExclusivePublication pubA = aeronA.addExclusivePublication(toB, STREAM_TO_B);
            final ExclusivePublication pubB = aeronB.addExclusivePublication(toA, STREAM_TO_A);
            final RawSide a = new RawSide(invokerA, !ipc, aeronA, pubA, subA);
            final RawSide b = new RawSide(invokerB, !ipc, aeronB, pubB, subB);
            final long deadlineNs = System.nanoTime() + CONNECT_NS;
            while (!a.connected() || !b.connected())
            {
                a.duty();
                b.duty();
                if (System.nanoTime() - deadlineNs > 0)
                {
                    throw new IllegalStateException("raw Aeron publications did not connect within 10 s");
                }
            }
            return new RawAeron(parts, a, b);
        }
        catch (final RuntimeException ex)
        {
            parts.close();
            throw ex;
        }
    }

    /** @return the first side: it runs the IPC driver. */
    RawSide a()
    {
        return a;
    }

    /** @return the second side. */
    RawSide b()
    {
        return b;
    }

    /** Close the clients, then the drivers. */
    @Override
    public void close()
    {
        parts.close();
    }

    private static String udp(final int port)
    {
        return "aeron:udp?endpoint=127.0.0.1:" + port + "|term-length=" + RemoteConfig.TERM_LENGTH_DEFAULT + "|mtu=" +
            RemoteConfig.MTU_DEFAULT;
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
            .publicationTermBufferLength(RemoteConfig.TERM_LENGTH_DEFAULT)
            .ipcTermBufferLength(RemoteConfig.TERM_LENGTH_DEFAULT)
            .mtuLength(RemoteConfig.MTU_DEFAULT));
    }

    private static Aeron client(final MediaDriver driver, final AgentInvoker driverInvoker)
    {
        return Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .useConductorAgentInvoker(true)
            .driverAgentInvoker(driverInvoker));
    }
}
