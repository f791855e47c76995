/**
 * Thread affinity: where the engine's threads run.
 * <p>
 * {@link io.hotpath.affinity.CpuTopology} reads the machine's layout from sysfs and procfs,
 * {@link io.hotpath.affinity.AffinityProfile} says which CPU and idle strategy each worker takes,
 * {@link io.hotpath.affinity.ProfileCheck} judges a profile against a topology, and
 * {@link io.hotpath.affinity.ThreadPinning} pins the calling thread through the Foreign Function and
 * Memory API and reads the result back, so every pin can be reported as a
 * {@link io.hotpath.affinity.PinReport}.
 * <p>
 * Package rules: nothing here depends on the rest of the engine; every public value type is
 * immutable and thread-safe; nothing here runs on a hot path, so clarity wins over allocation.
 * Native symbols are bound on first use only, so loading these classes touches nothing native.
 * Pinning never throws unless the caller asks for it to be mandatory.
 */
package io.hotpath.affinity;
