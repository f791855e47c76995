package io.hotpath.bench.affinity;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.affinity.PinReport;

import java.nio.file.Path;
import java.util.List;

/**
 * Verifies a profile the way a service would meet it: starts a real engine placed by the profile, takes each
 * worker's placement as read back by the worker itself, and closes the engine. Pinning is made optional for the run,
 * so a failed pin shows in the table instead of stopping at the first one.
 * <p>
 * Thread-safe: each call starts and closes its own engine.
 */
public final class VerifyThreads
{
    /** Prefix of worker thread names; with the index they stay within Linux's 15 visible characters. */
    public static final String WORKER_NAME_PREFIX = EngineConfig.NAME_PREFIX_DEFAULT;

    private VerifyThreads()
    {
    }

    /**
     * @param profileFile the profile to apply: a file of engine settings.
     * @return one report per threaded worker, in worker order.
     */
    public static List<PinReport> pinAll(final Path profileFile)
    {
        try (Engine engine = Engine.start(EngineConfig.builder().affinity(profileFile).mandatory(false).build()))
        {
            return engine.affinityReport();
        }
    }
}
