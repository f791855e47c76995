package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

/**
 * A physical core: one or more logical CPUs (SMT threads) sharing execution units.
 * <p>
 * Immutable, so thread-safe.
 *
 * @param packageId physical package (socket) id.
 * @param coreId    core id within the package.
 * @param cpus      the core's logical CPUs.
 */
public record Core(int packageId, int coreId, CpuSet cpus)
{
    /**
     * {@return the core named for messages, e.g. {@code "package 0 core 3"}}
     */
    public String describe()
    {
        return "package " + packageId + " core " + coreId;
    }
}
