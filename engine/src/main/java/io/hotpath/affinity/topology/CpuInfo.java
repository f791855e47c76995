package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

/**
 * Where one logical CPU sits: its physical core, package, SMT siblings, NUMA node and L3 cache.
 * <p>
 * Immutable, so thread-safe.
 *
 * @param cpu       logical CPU number, as the kernel counts.
 * @param coreId    physical core id, unique within a package only.
 * @param packageId physical package (socket) id.
 * @param siblings  logical CPUs on the same physical core, this one included.
 * @param node      NUMA node, 0 on a machine without NUMA information.
 * @param l3        logical CPUs sharing this CPU's L3 cache; empty when unknown.
 * @param online    whether the CPU is online.
 */
public record CpuInfo(int cpu, int coreId, int packageId, CpuSet siblings, int node, CpuSet l3, boolean online)
{
}
