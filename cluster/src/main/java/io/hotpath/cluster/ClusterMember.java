package io.hotpath.cluster;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.NoOpLock;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One member of a cluster in this process: an embedded media driver, an archive, Aeron Cluster's consensus module and
 * a service container running an {@link ActorService}, all under one directory. Aeron Cluster does the consensus, the
 * log and its replication; this class only wires it the way a small cluster on a few hosts needs. Thread safe: the
 * members' agents run on threads of their own; {@link #close()} from any thread.
 * <pre>{@code
 * ClusterMembers members = ClusterMembers.loopback(3, 20000);
 * try (ClusterMember member = ClusterMember.builder(members, memberId).dir(Path.of("member-" + memberId))
 *     .launch(ActorService.builder(codecs).actor("book", Book.State.class, Book::new).build()))
 * {
 *     ... until the process is told to stop
 * }
 * }</pre>
 * A member restarted on the same directory takes its latest snapshot and replays the log after it.
 */
public final class ClusterMember implements AutoCloseable
{
    /** Default of {@link Builder#termLength(int)}. */
    public static final int TERM_LENGTH_DEFAULT = 256 * 1024;
    /** Default of {@link Builder#logTermLength(int)}. */
    public static final int LOG_TERM_LENGTH_DEFAULT = 1024 * 1024;
    /** Default of {@link Builder#leaderHeartbeatTimeout(Duration)}, in ms. */
    public static final long LEADER_HEARTBEAT_TIMEOUT_MS_DEFAULT = 10_000;
    /** Default of {@link Builder#sessionTimeout(Duration)}, in ms. */
    public static final long SESSION_TIMEOUT_MS_DEFAULT = 10_000;

    /** Longer than Aeron's mark file liveness timeout, for a restart right after a kill -9. */
    private static final long MARK_FILE_WAIT_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(20);

    private final ClusteredMediaDriver driver;
    private final ClusteredServiceContainer container;
    private final int memberId;

    private ClusterMember(final ClusteredMediaDriver driver, final ClusteredServiceContainer container,
        final int memberId)
    {
        this.driver = driver;
        this.container = container;
        this.memberId = memberId;
    }

    /**
     * Start describing a member.
     *
     * @param members  every member's endpoints, the same list on every member and client.
     * @param memberId this member's id, 0 to members.size() - 1.
     * @return a builder.
     */
    public static Builder builder(final ClusterMembers members, final int memberId)
    {
        Objects.requireNonNull(members, "members");
        members.member(memberId);
        return new Builder(members, memberId);
    }

    /**
     * {@return this member's id}
     */
    public int memberId()
    {
        return memberId;
    }

    /**
     * {@return the directory of the member's consensus module and service, where Aeron's {@code ClusterTool} looks}
     */
    public File clusterDir()
    {
        return driver.consensusModule().context().clusterDir();
    }

    /**
     * Stop the service container, the consensus module, the archive and the driver; the directory stays for a
     * restart.
     */
    @Override
    public void close()
    {
        CloseHelper.closeAll(container, driver);
    }

    /**
     * Collects a member's settings; not thread safe.
     */
    public static final class Builder
    {
        private final ClusterMembers members;
        private final int memberId;
        private Path dir;
        private Path driverDir;
        private String idle = "backoff";
        private int termLength = TERM_LENGTH_DEFAULT;
        private int logTermLength = LOG_TERM_LENGTH_DEFAULT;
        private Duration leaderHeartbeatTimeout = Duration.ofMillis(LEADER_HEARTBEAT_TIMEOUT_MS_DEFAULT);
        private Duration sessionTimeout = Duration.ofMillis(SESSION_TIMEOUT_MS_DEFAULT);

        private Builder(final ClusterMembers members, final int memberId)
        {
            this.members = members;
            this.memberId = memberId;
        }

        /**
         * Set the member's directory.
         *
         * @param value the member's directory (driver, archive, cluster); kept between runs. Required.
         * @return this.
         */
        public Builder dir(final Path value)
        {
            dir = Objects.requireNonNull(value, "dir");
            return this;
        }

        /**
         * Set the embedded media driver's directory: its CnC file and log buffers, memory-mapped. On Linux a
         * directory on tmpfs ({@code /dev/shm}) keeps page faults off the disk; it is deleted when the member closes.
         *
         * @param value the driver's {@code aeron.dir}; default {@code aeron} under {@link #dir(Path)}.
         * @return this.
         */
        public Builder driverDir(final Path value)
        {
            driverDir = Objects.requireNonNull(value, "driverDir");
            return this;
        }

        /**
         * Set how the member's agents idle.
         *
         * @param value how the member's agents wait for work: {@code backoff} (default: spin, yield, then park for
         *              growing times), {@code busy-spin} (lowest latency, a CPU per agent), {@code yield}, or
         *              {@code sleep} (short sleeps, least CPU: for tests and demos on a small machine).
         * @return this.
         */
        public Builder idle(final String value)
        {
            Idles.of(value);
            idle = value;
            return this;
        }

        /**
         * Set the term length of the driver's publications.
         *
         * @param bytes term length of the driver's publications (ingress, egress, consensus, snapshots): a power of
         *              two from 64 KiB; a message may take up to an eighth of it. Default
         *              {@value #TERM_LENGTH_DEFAULT}.
         * @return this.
         */
        public Builder termLength(final int bytes)
        {
            termLength = checkTermLength(bytes, "termLength");
            return this;
        }

        /**
         * Set the term length of the log.
         *
         * @param bytes term length of the replicated log: a power of two from 64 KiB. Default
         *              {@value #LOG_TERM_LENGTH_DEFAULT}.
         * @return this.
         */
        public Builder logTermLength(final int bytes)
        {
            logTermLength = checkTermLength(bytes, "logTermLength");
            return this;
        }

        /**
         * Set how soon followers elect a new leader.
         *
         * @param value how long followers wait without a heartbeat from the leader before they elect another;
         *              default {@value #LEADER_HEARTBEAT_TIMEOUT_MS_DEFAULT} ms, as Aeron's. Shorter fails over sooner,
         *              and takes a long pause for a failure.
         * @return this.
         */
        public Builder leaderHeartbeatTimeout(final Duration value)
        {
            if (value.toMillis() < 100)
            {
                throw new IllegalArgumentException("leader heartbeat timeout " + value + " is below 100 ms");
            }
            leaderHeartbeatTimeout = value;
            return this;
        }

        /**
         * Set how soon a silent client's session closes.
         *
         * @param value how long a client may be silent before the cluster closes its session; default
         *              {@value #SESSION_TIMEOUT_MS_DEFAULT} ms.
         * @return this.
         */
        public Builder sessionTimeout(final Duration value)
        {
            if (value.toMillis() < 100)
            {
                throw new IllegalArgumentException("session timeout " + value + " is below 100 ms");
            }
            sessionTimeout = value;
            return this;
        }

        private static int checkTermLength(final int bytes, final String what)
        {
            if (bytes < 64 * 1024 || Integer.bitCount(bytes) != 1 || bytes > 1024 * 1024 * 1024)
            {
                throw new IllegalArgumentException(what + " " + bytes + " is not a power of two from 65536 to 1 GiB");
            }
            return bytes;
        }

        /**
         * Start the member: the driver, the archive, the consensus module, then the service container.
         *
         * @param service the service to host; a fresh one per launch.
         * @return the running member.
         * @throws IllegalStateException when the JVM lacks Aeron's flag, or no directory was given.
         */
        public ClusterMember launch(final ActorService service)
        {
            return launch((ClusteredService)service);
        }

        /**
         * Start the member hosting a clustered service of your own, wired as {@link #launch(ActorService)} wires
         * one: for a service that hosts an {@link ActorService} beside logic of its own and passes Aeron's calls on
         * to it.
         *
         * @param service the service to host; a fresh one per launch.
         * @return the running member.
         * @throws IllegalStateException when the JVM lacks Aeron's flag, or no directory was given.
         */
        public ClusterMember launch(final ClusteredService service)
        {
            ClusterFlags.check("a cluster member");
            Objects.requireNonNull(service, "service");
            if (dir == null)
            {
                throw new IllegalStateException("cluster member " + memberId + " needs a directory: dir(path)");
            }
            final ClusterMembers.Member me = members.member(memberId);
            final File base = dir.toFile();
            final String aeronDir = driverDir != null ? driverDir.toAbsolutePath().toString() :
                new File(base, "aeron").getAbsolutePath();
            final File clusterDir = new File(base, "cluster");
            final Supplier<org.agrona.concurrent.IdleStrategy> idleSupplier = () -> Idles.of(idle);
            final String who = "cluster member " + memberId;

            final MediaDriver.Context driver = new MediaDriver.Context()
                .aeronDirectoryName(aeronDir)
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(idleSupplier.get())
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
                .idleStrategySupplier(idleSupplier)
                .segmentFileLength(logTermLength * 4)
                .errorHandler(ex -> report(who + " (archive)", ex));
            final AeronArchive.Context localArchive = new AeronArchive.Context()
                .lock(NoOpLock.INSTANCE)
                .controlRequestChannel(archive.localControlChannel())
                .controlRequestStreamId(archive.localControlStreamId())
                .controlResponseChannel(archive.localControlChannel())
                .aeronDirectoryName(aeronDir);
            final long heartbeatTimeoutNs = leaderHeartbeatTimeout.toNanos();
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
                .sessionTimeoutNs(sessionTimeout.toNanos())
                .idleStrategySupplier(idleSupplier)
                .errorHandler(ex -> report(who + " (consensus module)", ex));
            final ClusteredServiceContainer.Context container = new ClusteredServiceContainer.Context()
                .aeronDirectoryName(aeronDir)
                .archiveContext(localArchive.clone())
                .clusterDir(clusterDir)
                .clusteredService(service)
                .idleStrategySupplier(idleSupplier)
                .errorHandler(ex -> report(who + " (service)", ex));
            final ClusteredMediaDriver clustered = launchAfterStaleMarkFiles(driver, archive, consensus);
            try
            {
                return new ClusterMember(clustered, ClusteredServiceContainer.launch(container), memberId);
            }
            catch (final RuntimeException ex)
            {
                CloseHelper.quietClose(clustered);
                throw ex;
            }
        }

        /**
         * A member killed a moment ago (kill -9) leaves mark files that Aeron takes as a live member's until its
         * liveness timeout has passed without their being touched: a restart at once fails with "active mark file
         * detected". Try again until then, so that a supervisor may restart a member as soon as it died.
         */
        private ClusteredMediaDriver launchAfterStaleMarkFiles(final MediaDriver.Context driver,
            final Archive.Context archive, final ConsensusModule.Context consensus)
        {
            final long deadlineNs = System.nanoTime() + MARK_FILE_WAIT_NS;
            boolean said = false;
            while (true)
            {
                try
                {
                    return ClusteredMediaDriver.launch(driver.clone(), archive.clone(), consensus.clone());
                }
                catch (final IllegalStateException ex)
                {
                    if (String.valueOf(ex.getMessage()).startsWith("active mark file detected") &&
                        System.nanoTime() - deadlineNs < 0)
                    {
                        if (!said)
                        {
                            said = true;
                            System.getLogger("io.hotpath.cluster").log(System.Logger.Level.INFO, "cluster member " +
                                memberId + ": the previous run's mark files are still live (" + ex.getMessage() +
                                "); waiting for them to go stale, as after a kill -9");
                        }
                        java.util.concurrent.locks.LockSupport.parkNanos(500_000_000L);
                        continue;
                    }
                    throw ex;
                }
            }
        }

        private static void report(final String who, final Throwable ex)
        {
            // Aeron reports an election's events (a leader's heartbeat timed out) as warnings through the same handler
            final boolean warning = ex instanceof io.aeron.cluster.client.ClusterEvent;
            System.getLogger("io.hotpath.cluster").log(warning ? System.Logger.Level.WARNING :
                System.Logger.Level.ERROR, who + ": " + ex, warning ? null : ex);
        }
    }
}
