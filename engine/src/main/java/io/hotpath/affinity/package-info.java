/**
 * Thread affinity: where the engine's threads run.
 * <p>
 * {@link io.hotpath.affinity.CpuTopology} reads the machine's layout from sysfs and procfs,
 * {@link io.hotpath.affinity.AffinityProfile} is where an engine's settings place each worker (CPU and idle
 * strategy), {@link io.hotpath.affinity.ProfileCheck} judges a placement against a topology, and
 * {@link io.hotpath.affinity.ThreadPinning} pins the calling thread through the Foreign Function and
 * Memory API and reads the result back, so every pin can be reported as a
 * {@link io.hotpath.affinity.PinReport}.
 * <p>
 * Package rules: the keys of a placement, their defaults and the idle strategies are the engine's
 * ({@link io.hotpath.EngineConfig}, {@link io.hotpath.Idle}), so the placement types ({@code AffinityProfile},
 * {@code ProfileCheck}, {@code AffinityPlan}) use those two and nothing else of {@code io.hotpath}, and
 * {@code io.hotpath} uses this package for the placement it exposes: the two packages depend on each other
 * through those types only. Topology and pinning depend on nothing else in the engine. Every public value type is
 * immutable and thread-safe; nothing here runs on a hot path, so clarity wins over allocation. Native symbols are
 * bound on first use only, so loading these classes touches nothing native. Pinning never throws unless the
 * caller asks for it to be mandatory.
 */
package io.hotpath.affinity;
