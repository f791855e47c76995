package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.hotpath.remote.RemoteConfig;
import org.agrona.ErrorHandler;
import org.agrona.IoUtil;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.BackoffIdleStrategy;

import java.io.File;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.Lock;

/**
 * A node's media driver (embedded, or external) and its Aeron client, whose conductor runs from the control agent's
 * duty cycle. Internal. {@link #doWork} belongs to the control agent; the rest to the node's owner.
 * <p>
 * Threads by driver mode: {@code invoker} adds none (the driver's conductor, sender and receiver run in
 * {@link #doWork}); {@code shared} adds one, running the driver's agents with Aeron's backoff idle; {@code external}
 * adds none in this process. The client conductor never has a thread of its own. Aeron's client API calls made by
 * other threads (adding subscriptions at start) take the client lock and run the conductor, and the invoker
 * driver, themselves; {@link #doWork} takes the same lock, so the driver is never run by two threads at once.
 * <p>
 * A node never harms another through its driver: an embedded driver is refused a directory a live driver uses (it
 * would delete it under that driver's clients), and a node deletes only a directory it made afresh.
 */
final class MediaHost implements AutoCloseable
{
    private static final String DIR_PREFIX = "hotpath-remote-";
    private static final int SPARSE_MASK = 15;

    private final MediaDriver driver;
    private final AgentInvoker driverInvoker;
    private final Aeron aeron;
    private final AgentInvoker conductorInvoker;
    private final Lock clientLock;
    private final String directory;
    private final boolean ownsDirectory;
    private final boolean driverOnDataPath;
    private int cycles;
    /** The invoker driver did work in the latest {@link #doWork}: it may have taken datagrams for the workers. */
    private boolean driverWorked;

    private MediaHost(final MediaDriver driver, final Aeron aeron, final String directory, final boolean ownsDirectory,
        final boolean udp)
    {
        this.driverOnDataPath = udp && driver != null && driver.sharedAgentInvoker() != null;
        this.driver = driver;
        this.driverInvoker = driver == null ? null : driver.sharedAgentInvoker();
        this.aeron = aeron;
        this.conductorInvoker = aeron.conductorAgentInvoker();
        this.clientLock = aeron.context().clientLock();
        this.directory = directory;
        this.ownsDirectory = ownsDirectory;
    }

    /**
     * Launch the driver (unless external) and connect the client. On the caller's thread, which must not be a
     * worker: both block until the driver answers.
     *
     * @param config the node's settings.
     * @param errors told of Aeron's errors.
     * @return the host.
     */
    static MediaHost launch(final RemoteConfig config, final ErrorHandler errors)
    {
        if (config.driver() == RemoteConfig.Driver.EXTERNAL)
        {
            final Aeron aeron = Aeron.connect(clientContext(config.aeronDir(), null, errors));
            return new MediaHost(null, aeron, config.aeronDir(), false, config.address().isUdp());
        }
        final boolean fresh = config.aeronDir() == null;
        final String dir = fresh ? freshDirectory() : config.aeronDir();
        if (!fresh)
        {
            refuseLiveDriver(config, dir);
        }
        final MediaDriver.Context ctx = new MediaDriver.Context()
            .aeronDirectoryName(dir)
            .threadingMode(config.driver() == RemoteConfig.Driver.INVOKER ? ThreadingMode.INVOKER :
                ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            // a directory named by the user is deleted only when no live driver uses it (Aeron checks again)
            .dirDeleteOnStart(fresh)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false)
            .asyncExecutorEnabled(false)
            .termBufferSparseFile(true)
            .publicationTermBufferLength(config.termLength())
            .ipcTermBufferLength(config.termLength())
            .mtuLength(config.mtu())
            .errorHandler(errors);
        if (config.driverCustomizer() != null)
        {
            config.driverCustomizer().accept(ctx);
        }
        final MediaDriver driver = MediaDriver.launch(ctx);
        try
        {
            final Aeron aeron = Aeron.connect(clientContext(dir, driver.sharedAgentInvoker(), errors));
            return new MediaHost(driver, aeron, dir, fresh, config.address().isUdp());
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
    }

    /**
     * An embedded driver would delete the directory of a live driver, and every node using that driver would lose
     * its peers for good: refused, naming the process that runs it.
     */
    private static void refuseLiveDriver(final RemoteConfig config, final String dir)
    {
        final File directory = new File(dir);
        final boolean live;
        try
        {
            live = directory.isDirectory() && CommonContext.isDriverActive(directory,
                CommonContext.DEFAULT_DRIVER_TIMEOUT_MS, message -> { });
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalStateException("node " + config.address() + " refuses to embed a media driver in " + dir +
                ": a driver is starting or broken there (" + ex.getMessage() + "); use another " +
                RemoteConfig.AERON_DIR + ", or none for a fresh directory", ex);
        }
        if (live)
        {
            throw new IllegalStateException("node " + config.address() + " refuses to embed a media driver in " + dir +
                ": a live driver uses it (" + Owners.ofDriver(directory) + "), and a second driver there " +
                "would delete it under that driver's nodes; to share that driver use " + RemoteConfig.DRIVER +
                "=external (RemoteConfig.Builder.externalDriver(\"" + dir + "\")), or leave " +
                RemoteConfig.AERON_DIR + " unset for a fresh directory of the node's own");
        }
    }

    private static Aeron.Context clientContext(final String dir, final AgentInvoker driverInvoker,
        final ErrorHandler errors)
    {
        return new Aeron.Context()
            .aeronDirectoryName(dir)
            .useConductorAgentInvoker(true)
            .driverAgentInvoker(driverInvoker)
            .errorHandler(errors)
            .subscriberErrorHandler(errors)
            .clientName("hotpath-node");
    }

    /**
     * A directory no other node uses, under /dev/shm when there is one; directories left behind by processes of
     * ours that no longer run (killed with -9) are removed first.
     */
    private static String freshDirectory()
    {
        final File shm = new File("/dev/shm");
        final File parent = shm.isDirectory() && shm.canWrite() ? shm : new File(System.getProperty("java.io.tmpdir"));
        removeOrphans(parent);
        return new File(parent, DIR_PREFIX + ProcessHandle.current().pid() + "-" +
            Long.toHexString(ThreadLocalRandom.current().nextLong())).getAbsolutePath();
    }

    private static void removeOrphans(final File parent)
    {
        final File[] leftovers = parent.listFiles((dir, name) -> name.startsWith(DIR_PREFIX));
        if (leftovers == null)
        {
            return;
        }
        for (final File leftover : leftovers)
        {
            final String rest = leftover.getName().substring(DIR_PREFIX.length());
            final int dash = rest.indexOf('-');
            try
            {
                final long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                {
                    continue;
                }
                IoUtil.delete(leftover, true);
            }
            catch (final NumberFormatException ex)
            {
                // not one of ours
            }
        }
    }

    /**
     * Run the client conductor and an invoker driver. Control agent only. On a thread of the node's own, both run
     * every call. On a worker ({@code sparse}), an invoker driver runs every call when it carries UDP (its sender
     * and receiver are on the data path); the client conductor (keepalives, timeouts), and an IPC node's driver
     * (flow-control limits, commands), every {@value #SPARSE_MASK}+1 calls, so that the worker's duty cycle stays
     * short where they have nothing urgent to do.
     *
     * @param sparse true on a worker shared with actors.
     * @return the work done.
     */
    int doWork(final boolean sparse)
    {
        // a cycle that does not run the driver took no datagrams
        driverWorked = false;
        final boolean everyCycle = !sparse || driverOnDataPath;
        final boolean conductorDue = !sparse || (++cycles & SPARSE_MASK) == 0;
        if (!conductorDue && !everyCycle)
        {
            return 0;
        }
        if (!clientLock.tryLock())
        {
            return 0;
        }
        try
        {
            int work = conductorDue ? conductorInvoker.invoke() : 0;
            if (driverInvoker != null)
            {
                final int driverWork = driverInvoker.invoke();
                driverWorked = driverWork != 0;
                work += driverWork;
            }
            return work;
        }
        finally
        {
            clientLock.unlock();
        }
    }

    /**
     * {@return true when the invoker driver did work in the latest {@link #doWork}}: its receiver may have put frames
     * where the node's workers poll for them. The control agent's thread only.
     */
    boolean driverWorked()
    {
        return driverWorked;
    }

    /**
     * {@return the client}
     */
    Aeron aeron()
    {
        return aeron;
    }

    /**
     * {@return the driver's directory}
     */
    String directory()
    {
        return directory;
    }

    /**
     * Close the client, then the driver, and delete a fresh directory. Call once no worker runs {@link #doWork()}.
     */
    @Override
    public void close()
    {
        try
        {
            aeron.close();
        }
        finally
        {
            if (driver != null)
            {
                driver.close();
            }
            if (ownsDirectory)
            {
                IoUtil.delete(new File(directory), true);
            }
        }
    }

    @Override
    public String toString()
    {
        return "MediaHost[" + directory + (driver == null ? ", external" : ", " + driver.context().threadingMode()) +
            "]";
    }
}
