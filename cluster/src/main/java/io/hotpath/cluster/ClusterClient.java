package io.hotpath.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.ReplyException;
import io.hotpath.spi.EngineHooks;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A client of a cluster of {@link ActorService} members, joined to a Hotpath engine: {@link #actor(String)} gives an
 * {@link ActorRef} to a clustered actor, through which any thread, or any actor of the engine, tells and asks as it
 * would a local actor. Thread safe.
 * <p>
 * The client's link, an actor on one worker of the engine ({@link ClusterClientConfig#worker()}), owns the Aeron
 * Cluster session: its duty cycle polls the egress, sends keep-alives, follows a new leader and, when the session is
 * lost, connects again. It numbers every message, keeps it until the cluster has acknowledged it (an answer, or an
 * acknowledgement asked for every {@link ClusterClientConfig#ackEvery()} tells), and sends what is not acknowledged
 * again to a new leader; the service applies each number once. So a message is applied exactly once whatever the
 * leader changes, an ask ends with its answer, with {@link AnswerLostException} (applied, but its answer died with the
 * leader), with a {@link ClusterActorException} (the actor threw), a {@link ClusterRejectedException} (bad input) or a
 * timeout; it never hangs.
 */
public final class ClusterClient implements AutoCloseable
{
    /** Numbers the links' names, unique in the process as actor names must be in an engine. */
    private static final AtomicInteger LINKS = new AtomicInteger();

    final ClusterClientConfig config;
    final EngineHooks hooks;
    final ActorRef<Outgoing> link;
    private final Engine engine;
    private final Aeron aeron;
    private final MediaDriver driver;
    private final File driverDir;
    /** Watches of clustered actors, ended when the client closes. */
    private final List<Watch> watchers = new ArrayList<>();

    /** A watch of a clustered actor: its actor and the caller's reply. */
    private record Watch(ClusterRef<?> ref, Reply<Terminated> reply)
    {
    }
    private volatile boolean closed;

    private ClusterClient(final ClusterClientConfig config, final Engine engine, final Aeron aeron,
        final MediaDriver driver, final File driverDir, final AeronCluster cluster, final ClientLink linkActor)
    {
        this.config = config;
        this.hooks = EngineHooks.of(engine);
        this.engine = engine;
        this.aeron = aeron;
        this.driver = driver;
        this.driverDir = driverDir;
        linkActor.bind(this, cluster);
        this.link = engine.<Outgoing>actor(linkActor::start).name("cluster-client-" + Long.toHexString(
            config.clientId()) + "-" + LINKS.incrementAndGet()).onWorker(config.worker()).spawn();
    }

    /**
     * Connect to the cluster: start an embedded driver (unless the config names a running one), and wait for a
     * session with the leader. Blocks; call from outside the engine's workers.
     *
     * @param config how to reach the cluster.
     * @param engine the engine whose worker {@link ClusterClientConfig#worker()} hosts the client's link.
     * @return the connected client.
     * @throws IllegalStateException when the JVM lacks Aeron's flag, when called on a worker, or when no session
     *                               could be had within the connect timeout (the message names the endpoints).
     */
    public static ClusterClient connect(final ClusterClientConfig config, final Engine engine)
    {
        ClusterFlags.check("a cluster client");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(engine, "engine");
        if (config.worker() >= engine.workerCount())
        {
            throw new IllegalArgumentException("cluster client worker " + config.worker() + " is not a worker of " +
                "the engine, which has " + engine.workerCount());
        }
        if (EngineHooks.of(engine).currentWorker() >= 0)
        {
            throw new IllegalStateException("ClusterClient.connect blocks until a session is open: call it from " +
                "outside the engine's workers");
        }
        MediaDriver driver = null;
        File driverDir = null;
        Aeron aeron = null;
        try
        {
            String aeronDir = config.aeronDir();
            if (aeronDir == null)
            {
                driverDir = config.driverDir() != null ? config.driverDir().toFile() :
                    Files.createTempDirectory("hotpath-cluster-client-").toFile();
                aeronDir = new File(driverDir, "aeron").getAbsolutePath();
                driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                    .aeronDirectoryName(aeronDir)
                    .threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(Idles.of(config.idle()))
                    .termBufferSparseFile(true)
                    .publicationTermBufferLength(256 * 1024)
                    .ipcTermBufferLength(256 * 1024)
                    .dirDeleteOnStart(true)
                    .dirDeleteOnShutdown(true));
            }
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir));
            final ClientLink linkActor = new ClientLink(config, aeron);
            final AeronCluster cluster;
            try
            {
                cluster = AeronCluster.connect(linkActor.sessionContext());
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalStateException("no session with the cluster at " +
                    config.members().ingressEndpoints() + " within " + config.connectTimeout().toMillis() +
                    " ms: are its members running, and is a leader elected? (" + ex + ")", ex);
            }
            try
            {
                return new ClusterClient(config, engine, aeron, driver, driverDir, cluster, linkActor);
            }
            catch (final RuntimeException ex)
            {
                CloseHelper.quietClose(cluster);
                throw ex;
            }
        }
        catch (final IOException ex)
        {
            CloseHelper.closeAll(aeron, driver);
            throw new UncheckedIOException(ex);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.closeAll(aeron, driver);
            deleteDir(driverDir, config);
            throw ex;
        }
    }

    /**
     * Resolve a clustered actor by name, through the cluster's log. Blocks up to the connect timeout; call from
     * outside the engine's workers.
     *
     * @param name as registered with the service.
     * @param <M>  the type of message the actor handles.
     * @return its address.
     * @throws ClusterRejectedException naming the service's actors, when none has that name.
     * @throws io.hotpath.AskTimeoutException when the cluster did not answer in time.
     */
    public <M> ActorRef<M> actor(final String name)
    {
        Objects.requireNonNull(name, "name");
        final Reply<Integer> reply = hooks.newReply(link, config.connectTimeout().toNanos());
        link.tell(new Outgoing(null, Protocol.RESOLVE, name, reply));
        final int actorId;
        try
        {
            actorId = reply.get(config.connectTimeout().plus(Duration.ofSeconds(1)));
        }
        catch (final ReplyException ex)
        {
            if (ex.getCause() instanceof RuntimeException cause)
            {
                throw cause;
            }
            throw ex;
        }
        return new ClusterRef<>(this, name, actorId);
    }

    /**
     * {@return the id this client numbers its messages under}
     */
    public long clientId()
    {
        return config.clientId();
    }

    /**
     * {@return true once {@link #close()} has been called}
     */
    public boolean isClosed()
    {
        return closed;
    }

    void watch(final ClusterRef<?> ref, final Reply<Terminated> watcher)
    {
        synchronized (watchers)
        {
            if (!closed)
            {
                watchers.add(new Watch(ref, watcher));
                return;
            }
        }
        watcher.complete(closedFor(ref));
    }

    /** What a watch of a clustered actor ends with once this client has closed: the cluster is out of its reach. */
    private static Terminated closedFor(final ClusterRef<?> ref)
    {
        return new Terminated(ref, Terminated.Reason.NODE_LOST, new IllegalStateException("the cluster client of " +
            ref.name() + " closed"));
    }

    /**
     * Stop the link (its pending asks fail, saying the client closed), close the session, the Aeron client and the
     * embedded driver. Blocks; call from outside the engine's workers. Idempotent.
     */
    @Override
    public void close()
    {
        final List<Watch> toComplete;
        synchronized (watchers)
        {
            if (closed)
            {
                return;
            }
            closed = true;
            toComplete = new ArrayList<>(watchers);
            watchers.clear();
        }
        if (!engine.isClosed())
        {
            try
            {
                engine.stop(link).get(Duration.ofSeconds(10));
            }
            catch (final RuntimeException ex)
            {
                System.getLogger("io.hotpath.cluster").log(System.Logger.Level.WARNING,
                    "cluster client link did not stop within 10 s: " + ex);
            }
        }
        CloseHelper.closeAll(aeron, driver);
        deleteDir(driverDir, config);
        for (final Watch watch : toComplete)
        {
            watch.reply().complete(closedFor(watch.ref()));
        }
    }

    private static void deleteDir(final File dir, final ClusterClientConfig config)
    {
        if (dir != null && config.driverDir() == null)
        {
            IoUtil.delete(dir, true);
        }
    }
}
