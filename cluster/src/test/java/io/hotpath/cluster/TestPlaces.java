package io.hotpath.cluster;

import org.agrona.IoUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where the tests' members listen and keep their files: free loopback ports (other builds run on this machine), and
 * directories under target/ that the tests delete. Stateless.
 */
final class TestPlaces
{
    private TestPlaces()
    {
    }

    /** A base port from which {@code members} loopback members' ports are all free now (UDP and TCP). */
    static int freeBasePort(final int members)
    {
        final int span = members * ClusterMembers.PORTS_PER_MEMBER;
        for (int attempt = 0; attempt < 200; attempt++)
        {
            final int base = 20_000 + ThreadLocalRandom.current().nextInt(30_000 / span) * span;
            if (allFree(base, span))
            {
                return base;
            }
        }
        throw new IllegalStateException("no " + span + " free consecutive loopback ports found");
    }

    private static boolean allFree(final int base, final int span)
    {
        for (int port = base; port < base + span; port++)
        {
            try (DatagramSocket udp = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                ServerSocket tcp = new ServerSocket(port, 1, InetAddress.getLoopbackAddress()))
            {
                udp.setReuseAddress(false);
                tcp.setReuseAddress(false);
            }
            catch (final IOException taken)
            {
                return false;
            }
        }
        return true;
    }

    /** A fresh directory under target/cluster-tests/. */
    static Path dir(final String name)
    {
        try
        {
            final Path root = Path.of("target", "cluster-tests");
            Files.createDirectories(root);
            return Files.createTempDirectory(root, name + "-").toAbsolutePath();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** The driver directories handed out, by the directory they serve. */
    private static final Map<Path, Path> DRIVER_DIRS = new ConcurrentHashMap<>();

    /**
     * {@return where the media driver of the member or client in {@code dir} keeps its files: on tmpfs
     * ({@code /dev/shm}) where there is one, so that a loaded disk does not stall the driver; else under {@code dir}}
     */
    static Path driverDir(final Path dir)
    {
        final Path shm = Path.of("/dev/shm");
        return DRIVER_DIRS.computeIfAbsent(dir.toAbsolutePath(), owner -> Files.isDirectory(shm) ?
            shm.resolve("hotpath-cluster-test-" + Long.toHexString(ThreadLocalRandom.current().nextLong())) :
            owner.resolve("aeron"));
    }

    /** Delete the directory, and the driver directories handed out for what is under it. */
    static void delete(final Path dir)
    {
        if (dir != null)
        {
            final Path root = dir.toAbsolutePath();
            DRIVER_DIRS.entrySet().removeIf(entry ->
            {
                if (entry.getKey().startsWith(root))
                {
                    IoUtil.delete(entry.getValue().toFile(), true);
                    return true;
                }
                return false;
            });
            IoUtil.delete(dir.toFile(), true);
        }
    }
}
