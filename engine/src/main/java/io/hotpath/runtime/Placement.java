package io.hotpath.runtime;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.topology.CpuTopology;
import io.hotpath.affinity.topology.Finding;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.topology.ProfileCheck;

import java.util.List;

/**
 * Where an engine's workers run: the profile checked against the machine at start, and each worker pinned on its own
 * thread with its mask read back. Stateless; thread safe.
 */
final class Placement
{
    private Placement()
    {
    }

    /**
     * @param profile the engine's profile.
     * @throws IllegalArgumentException listing every error, each naming its key, when the profile does not fit.
     */
    static void checkProfile(final AffinityProfile profile)
    {
        final List<Finding> findings = ProfileCheck.check(profile, CpuTopology.current());
        final List<String> errors = findings.stream().filter(Finding::isError).map(Finding::toString).toList();
        if (!errors.isEmpty())
        {
            throw new IllegalArgumentException("affinity profile " + profile.name() +
                " does not fit this machine:\n  " + String.join("\n  ", errors) +
                "\nsee affinity-config/README.md, or run: java -jar bench/target/hotpath-bench.jar affinity --profile FILE");
        }
    }

    /**
     * Pin the calling worker thread as the profile says, read the placement back, and say once when it could not
     * be pinned.
     *
     * @return the placement read back.
     * @throws io.hotpath.affinity.AffinityException when pinning is mandatory and failed.
     */
    static PinReport pin(final int worker, final String name, final AffinityProfile profile)
    {
        final int cpu = worker < profile.workers() ? profile.cpu(worker) : AffinityProfile.NO_CPU;
        final PinReport report = PinReport.pinCurrentWorker(worker, cpu, profile.mandatory());
        if (cpu >= 0 && !report.ok())
        {
            Logs.AFFINITY.log(System.Logger.Level.WARNING, () -> "worker " + name + " runs unpinned (asked for CPU " +
                cpu + " by profile " + profile.name() + "): " + report.result().error());
        }
        return report;
    }
}
