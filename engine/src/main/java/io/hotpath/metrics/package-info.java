/**
 * Immutable snapshots of the engine's counters. Counters are single-writer fields read with opaque loads, so a
 * snapshot takes no lock and may be a moment old; {@link io.hotpath.metrics.EngineStats#toString()} prints a table.
 * <p>
 * Threading: any thread may take a snapshot ({@code engine.stats()}) or read the MBeans
 * ({@link io.hotpath.metrics.EngineMXBean}, {@link io.hotpath.metrics.WorkerMXBean}); a snapshot is immutable, so
 * it may be passed between threads and kept.
 */
package io.hotpath.metrics;
