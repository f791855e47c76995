package io.hotpath.bench.remote;

import io.hotpath.Engine;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.remote.RemoteConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What the remote rows share: engines of one worker with the engine's defaults, free UDP ports on 127.0.0.1, and a
 * trial that closes what it set up in reverse order. Used by the driver thread.
 */
public final class RemoteSetup
{
    private RemoteSetup()
    {
    }

    /**
     * @return the remote implementations' settings worth recording in the summary.
     */
    public static Map<String, Object> settings()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("hotpath-remote", "two nodes in this JVM, an engine of one worker each (the run's idle strategy, the " +
            "engine's default capacities), the remote module's defaults: embedded media drivers in INVOKER mode on " +
            "those workers (IPC: one driver, embedded by the first node, the second pointing at it as an external " +
            "one), term length " + RemoteConfig.TERM_LENGTH_DEFAULT + ", MTU " + RemoteConfig.MTU_DEFAULT + "; a " +
            "32-byte Ping with a codec that reuses its object; paired: raw Aeron (as aeron-raw, drivers of its own) " +
            "alternates with it in slices on the two workers");
        m.put("aeron-raw", "two threads busy-spinning on Aeron publications and subscriptions, the same channels, " +
            "term length, MTU, 32-byte message and INVOKER drivers invoked from the loops as the nodes do");
        m.put("pekko-artery", "two ActorSystems in this JVM with Artery remoting over TCP on 127.0.0.1, default " +
            "dispatcher, a 32-byte byte[] (Pekko's ByteArraySerializer)");
        return m;
    }

    /**
     * @param scenario a remote row.
     * @return true when it runs over IPC (shared memory, one media driver); false over UDP on 127.0.0.1.
     */
    static boolean ipc(final Scenario scenario)
    {
        return scenario.name().contains("-ipc-");
    }

    /**
     * @param scenario a remote row.
     * @return true when the nodes run their control, client conductor and driver on worker 0
     * ({@code remote.controlWorker=0}), as the row's name says; false for a thread of each node's own (the default).
     */
    static boolean onWorker0(final Scenario scenario)
    {
        return scenario.name().endsWith("-worker0");
    }

    /**
     * An engine of one worker, as the run configures its engines ({@link RunContext#engineConfig}: the engine's
     * defaults, the run's affinity and stall threshold, since a paired row runs raw Aeron in its handlers a slice at a
     * time), as the rows' names promise.
     */
    static Engine engine(final RunContext context)
    {
        return Engine.start(context.engineConfig().workers(1).build());
    }

    static int freeUdpPort()
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

    static String tag()
    {
        return Integer.toHexString(ThreadLocalRandom.current().nextInt(0x10000000, 0x7FFFFFFF));
    }

    /**
     * A trial that closes what it was given, last first; the first failure is rethrown after all were closed.
     */
    static final class Teardown implements Trial
    {
        private final Deque<AutoCloseable> parts = new ArrayDeque<>();

        <T extends AutoCloseable> T add(final T part)
        {
            parts.push(part);
            return part;
        }

        /** @return {@code part}, closed after everything added so far and later. */
        <T extends AutoCloseable> T addClosedLast(final T part)
        {
            parts.addLast(part);
            return part;
        }

        @Override
        public void close()
        {
            RuntimeException failure = null;
            while (!parts.isEmpty())
            {
                try
                {
                    parts.pop().close();
                }
                catch (final Exception ex)
                {
                    if (failure == null)
                    {
                        failure = new IllegalStateException("teardown failed: " + ex, ex);
                    }
                }
            }
            if (failure != null)
            {
                throw failure;
            }
        }
    }

    /**
     * The end of a sender's run: once the probe stops sending, the sender acknowledges once. The sending thread only.
     */
    static final class Stop
    {
        private final Probe probe;
        private final ProbeSender sender;
        private boolean stopped;

        Stop(final Probe probe, final ProbeSender sender)
        {
            this.probe = probe;
            this.sender = sender;
        }

        /** @return true once the run has stopped: send nothing more. */
        boolean now()
        {
            if (!stopped && !probe.sending())
            {
                sender.stop();
                stopped = true;
            }
            return stopped;
        }
    }

    /**
     * A busy thread of a trial: runs its round again and again until teardown, which joins it.
     */
    static final class BusyThread implements AutoCloseable
    {
        private final Thread thread;
        private volatile boolean halted;

        BusyThread(final String name, final Runnable round)
        {
            thread = new Thread(() ->
            {
                while (!halted)
                {
                    round.run();
                }
            }, name);
            thread.setDaemon(true);
        }

        BusyThread start()
        {
            thread.start();
            return this;
        }

        @Override
        public void close()
        {
            halted = true;
            try
            {
                thread.join(10_000);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while joining " + thread.getName(), ex);
            }
            if (thread.isAlive())
            {
                throw new IllegalStateException("thread " + thread.getName() + " did not stop");
            }
        }
    }
}
