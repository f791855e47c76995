package io.hotpath.bench.cluster;

import io.hotpath.cluster.ClusterMembers;
import org.agrona.IoUtil;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The cluster row's three members, each a JVM of its own on this machine's loopback: free ports found for them, their
 * directories made (the drivers' on tmpfs where there is one, as the cluster module's tests keep them) and deleted
 * when they close, a leader awaited before a client connects. Used by the harness's driver thread.
 */
final class ThreeMembers implements AutoCloseable
{
    /** Members in the row's cluster. */
    static final int COUNT = 3;
    /** How long a member may take to start, and the three to elect a leader. */
    private static final long START_NS = TimeUnit.SECONDS.toNanos(60);
    /** How long a member may take to answer a request for its counts. */
    private static final long STATS_NS = TimeUnit.SECONDS.toNanos(10);

    private final Path dir;
    private final List<Path> driverDirs = new ArrayList<>();
    private final List<MemberProcess> members = new ArrayList<>();
    private final ClusterMembers endpoints;

    private ThreeMembers(final Path dir, final int basePort)
    {
        this.dir = dir;
        this.endpoints = ClusterMembers.loopback(COUNT, basePort);
    }

    /**
     * Start the three members and wait until they have elected a leader.
     *
     * @param idle how the members' agents idle.
     * @return the running members.
     * @throws IllegalStateException with a member's transcript, when one does not start or no leader is elected in
     *                               time.
     */
    static ThreeMembers start(final String idle)
    {
        final Path dir;
        try
        {
            dir = Files.createTempDirectory("hotpath-bench-cluster-");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        final int basePort = freeBasePort();
        final ThreeMembers three = new ThreeMembers(dir, basePort);
        try
        {
            for (int i = 0; i < COUNT; i++)
            {
                three.members.add(MemberProcess.start(i, COUNT, basePort, dir.resolve("member-" + i),
                    three.driverDir("member-" + i), idle));
            }
            for (final MemberProcess member : three.members)
            {
                member.expect("READY", START_NS);
            }
            three.awaitLeader();
            return three;
        }
        catch (final RuntimeException ex)
        {
            three.close();
            throw ex;
        }
    }

    /** {@return the members' endpoints, for a client} */
    ClusterMembers endpoints()
    {
        return endpoints;
    }

    /**
     * {@return where an embedded driver keeps its files: on tmpfs ({@code /dev/shm}) where there is one, so that a
     * loaded disk does not stall a driver; else under the members' directory} Deleted when the members close.
     *
     * @param name whose driver.
     */
    Path driverDir(final String name)
    {
        final Path shm = Path.of("/dev/shm");
        final Path driverDir = Files.isDirectory(shm) ? shm.resolve(dir.getFileName() + "-" + name) :
            dir.resolve(name + "-driver");
        driverDirs.add(driverDir);
        return driverDir;
    }

    private void awaitLeader()
    {
        final long deadlineNs = System.nanoTime() + START_NS;
        while (System.nanoTime() - deadlineNs < 0)
        {
            for (final MemberProcess member : members)
            {
                if (!member.isAlive())
                {
                    throw new IllegalStateException("cluster member " + member.memberId + " ended:\n" +
                        member.transcript());
                }
                if (member.isLeader())
                {
                    return;
                }
            }
            try
            {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the cluster elects a leader", ex);
            }
        }
        throw new IllegalStateException("the three cluster members elected no leader within " +
            TimeUnit.NANOSECONDS.toSeconds(START_NS) + " s; member 0 said:\n" + members.get(0).transcript());
    }

    /** {@return each member's service counts now, in member order} */
    List<ServiceTally.Snapshot> stats()
    {
        final List<ServiceTally.Snapshot> all = new ArrayList<>();
        for (final MemberProcess member : members)
        {
            all.add(member.stats(STATS_NS));
        }
        return all;
    }

    /** {@return each member's role now, in member order} */
    List<String> roles()
    {
        return members.stream().map(MemberProcess::role).toList();
    }

    /** Close every member (kill those that do not close in time) and delete their directories. */
    @Override
    public void close()
    {
        for (final MemberProcess member : members)
        {
            member.close();
        }
        for (final Path driverDir : driverDirs)
        {
            IoUtil.delete(driverDir.toFile(), true);
        }
        IoUtil.delete(dir.toFile(), true);
    }

    /** {@return a base port from which the members' ports are all free now, UDP and TCP: other builds run here} */
    private static int freeBasePort()
    {
        final int span = COUNT * ClusterMembers.PORTS_PER_MEMBER;
        for (int attempt = 0; attempt < 200; attempt++)
        {
            final int base = 20_000 + ThreadLocalRandom.current().nextInt(30_000 / span) * span;
            if (allFree(base, span))
            {
                return base;
            }
        }
        throw new IllegalStateException("no " + span + " free consecutive loopback ports found from 20000 to 50000 " +
            "for the cluster row's members");
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
}
