/**
 * Thread affinity, as a service sees it: where the engine's threads run.
 * <p>
 * {@link io.hotpath.affinity.AffinityProfile} is where an engine's settings place each worker (CPU and idle
 * strategy), {@link io.hotpath.affinity.CpuSet} names sets of CPUs, and every pin is read back and reported as a
 * {@link io.hotpath.affinity.PinReport} holding its {@link io.hotpath.affinity.PinResult};
 * {@link io.hotpath.affinity.AffinityException} says why a mandatory placement failed. How the machine's topology
 * is read, how a profile is checked against it and how a thread is pinned live in a package of their own that the
 * module does not export.
 * <p>
 * Package rules: the keys of a placement, their defaults and the idle strategies are the engine's
 * ({@link io.hotpath.EngineConfig}, {@link io.hotpath.Idle}), so the placement types use those two and nothing else
 * of {@code io.hotpath}, and {@code io.hotpath} uses this package for the placement it exposes: the two packages
 * depend on each other through those types only. Every public value type is immutable and thread-safe; nothing here
 * runs on a hot path, so clarity wins over allocation. Pinning never throws unless the caller asks for it to be
 * mandatory.
 */
package io.hotpath.affinity;
