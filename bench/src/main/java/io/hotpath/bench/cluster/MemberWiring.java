package io.hotpath.bench.cluster;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.hotpath.cluster.ClusterMember;
import io.hotpath.cluster.ClusterMembers;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpLock;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.io.File;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * One member of the cluster row, wired as {@link ClusterMember} wires one with its defaults (an embedded media driver
 * and an archive on shared threads, the consensus module and the service container, its idle strategies, term
 * lengths, channels and session timeout), but hosting a {@link ClusteredService} of the bench's: ClusterMember takes
 * only an {@code ActorService}, and the row's service is that ActorService and raw Aeron Cluster's echo side by side
 * ({@link EchoService}). The row names the idle strategy (ClusterMember's default is backoff); its one other
 * departure from the defaults is the leader heartbeat timeout, that of the tests and the example, so that three
 * members starting together elect a leader at once. Keep the settings in step with ClusterMember's. Thread safe once
 * launched: Aeron's agents run on threads of their own.
 */
final class MemberWiring implements AutoCloseable
{
    /** As the tests' and the example's members. */
    static final long LEADER_HEARTBEAT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);

    private final ClusteredMediaDriver driver;
    private final ClusteredServiceContainer container;

    private MemberWiring(final ClusteredMediaDriver driver, final ClusteredServiceContainer container)
    {
        this.driver = driver;
        this.container = container;
    }

    /**
     * {@return a fresh idle strategy of that name, as ClusterMember makes them}
     *
     * @param name {@code backoff} (ClusterMember's default), {@code busy-spin}, {@code yield} or {@code sleep}.
     * @throws IllegalArgumentException naming the choices, for any other name.
     */
    static IdleStrategy idle(final String name)
    {
        return switch (name)
        {
            case "backoff" -> new BackoffIdleStrategy(10, 20, 1_000, 1_000_000);
            case "busy-spin" -> new BusySpinIdleStrategy();
            case "yield" -> new YieldingIdleStrategy();
            case "sleep" -> new SleepingMillisIdleStrategy(1);
            default -> throw new IllegalArgumentException("idle strategy '" + name + "' is not one of backoff, " +
                "busy-spin, yield, sleep");
        };
    }

    /**
     * Start the member: the driver, the archive, the consensus module, then the service container.
     *
     * @param members   the cluster's members.
     * @param memberId  this member.
     * @param dir       the member's directory (archive, cluster).
     * @param driverDir the embedded driver's directory.
     * @param idleName  how the member's agents idle ({@link #idle(String)}).
     * @param service   the service to host.
     * @return the running member.
     */
    static MemberWiring launch(final ClusterMembers members, final int memberId, final Path dir, final Path driverDir,
        final String idleName, final ClusteredService service)
    {
        final ClusterMembers.Member me = members.member(memberId);
        final File base = dir.toFile();
        final String aeronDir = driverDir.toAbsolutePath().toString();
        final File clusterDir = new File(base, "cluster");
        idle(idleName);
        final Supplier<IdleStrategy> idle = () -> idle(idleName);
        final String who = "member " + memberId;
        final int termLength = ClusterMember.TERM_LENGTH_DEFAULT;
        final int logTermLength = ClusterMember.LOG_TERM_LENGTH_DEFAULT;

        final MediaDriver.Context driver = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(idle.get())
            .termBufferSparseFile(true)
            .publicationTermBufferLength(termLength)
            .ipcTermBufferLength(termLength)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(ex -> report(who + " (media driver)", ex));
        final Archive.Context archive = new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(new File(base, "archive"))
            .controlChannel("aeron:udp?endpoint=" + me.host() + ":" + me.archivePort())
            .localControlChannel("aeron:ipc?term-length=64k")
            .replicationChannel("aeron:udp?endpoint=" + me.host() + ":0")
            .archiveClientContext(new AeronArchive.Context()
                .controlResponseChannel("aeron:udp?endpoint=" + me.host() + ":0"))
            .recordingEventsEnabled(false)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .idleStrategySupplier(idle)
            .segmentFileLength(logTermLength * 4)
            .errorHandler(ex -> report(who + " (archive)", ex));
        final AeronArchive.Context localArchive = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(archive.localControlChannel())
            .controlRequestStreamId(archive.localControlStreamId())
            .controlResponseChannel(archive.localControlChannel())
            .aeronDirectoryName(aeronDir);
        final long heartbeatTimeoutNs = LEADER_HEARTBEAT_TIMEOUT_NS;
        final ConsensusModule.Context consensus = new ConsensusModule.Context()
            .clusterMemberId(memberId)
            .clusterMembers(members.aeronClusterMembers())
            .clusterDir(clusterDir)
            .archiveContext(localArchive.clone())
            .serviceCount(1)
            .ingressChannel("aeron:udp")
            .logChannel("aeron:udp?term-length=" + logTermLength)
            .replicationChannel("aeron:udp?endpoint=" + me.host() + ":0")
            .leaderHeartbeatTimeoutNs(heartbeatTimeoutNs)
            .leaderHeartbeatIntervalNs(Math.max(10_000_000L, heartbeatTimeoutNs / 20))
            .startupCanvassTimeoutNs(heartbeatTimeoutNs * 5)
            .sessionTimeoutNs(TimeUnit.MILLISECONDS.toNanos(ClusterMember.SESSION_TIMEOUT_MS_DEFAULT))
            .idleStrategySupplier(idle)
            .errorHandler(ex -> report(who + " (consensus module)", ex));
        final ClusteredServiceContainer.Context container = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(localArchive.clone())
            .clusterDir(clusterDir)
            .clusteredService(service)
            .idleStrategySupplier(idle)
            .errorHandler(ex -> report(who + " (service)", ex));
        final ClusteredMediaDriver clustered = ClusteredMediaDriver.launch(driver, archive, consensus);
        try
        {
            return new MemberWiring(clustered, ClusteredServiceContainer.launch(container));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(clustered);
            throw ex;
        }
    }

    /** An agent's error or an election's event, on the member's output, which the row's transcript keeps. */
    private static void report(final String who, final Throwable ex)
    {
        System.out.println((ex instanceof io.aeron.cluster.client.ClusterEvent ? "EVENT " : "ERROR ") + who + ": " +
            ex);
    }

    /** Stop the service container, the consensus module, the archive and the driver. */
    @Override
    public void close()
    {
        CloseHelper.closeAll(container, driver);
    }
}
