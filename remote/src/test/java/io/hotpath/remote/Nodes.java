package io.hotpath.remote;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Engines and nodes for tests: two workers each, backoff idle (a loaded 2-CPU machine), free UDP ports on 127.0.0.1.
 */
final class Nodes
{
    private Nodes()
    {
    }

    static Engine engine()
    {
        return Engine.start(EngineConfig.builder().workers(2).idle("backoff").build());
    }

    static String freeUdpAddress()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return "udp://127.0.0.1:" + socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Wait for a condition the nodes make true soon; fails after a generous bound, never measures time. */
    static void await(final String what, final BooleanSupplier condition)
    {
        await(() -> what, condition);
    }

    /** {@link #await(String, BooleanSupplier)} whose failure says what {@code what} says when it fails. */
    static void await(final Supplier<String> what, final BooleanSupplier condition)
    {
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadlineNs >= 0)
            {
                fail("timed out waiting for: " + what.get());
            }
            LockSupport.parkNanos(200_000);
        }
    }

    static RemoteConfig.Builder udp()
    {
        return RemoteConfig.builder().address(freeUdpAddress());
    }
}
