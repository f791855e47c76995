/**
 * The machine under the engine, not exported: {@link io.hotpath.affinity.topology.CpuTopology} reads its layout
 * from sysfs and procfs, {@link io.hotpath.affinity.topology.ProfileCheck} judges a placement against it,
 * {@link io.hotpath.affinity.topology.AffinityPlan} proposes one, and
 * {@link io.hotpath.affinity.topology.ThreadPinning} pins the calling thread through the Foreign Function and
 * Memory API ({@code sched_setaffinity}, read back with {@code sched_getaffinity}, {@code sched_getcpu} and
 * {@code gettid}). The engine checks and pins with these at start; the bench's affinity tool prints and checks with
 * them.
 * <p>
 * Package rules: topology and pinning depend on nothing of the engine but the affinity API's value types; native
 * symbols are bound on first use only, so loading these classes touches nothing native. Every public value type is
 * immutable and thread-safe; nothing here runs on a hot path.
 */
package io.hotpath.affinity.topology;
