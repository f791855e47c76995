/**
 * Immutable snapshots of the engine's counters. Counters are single-writer fields read with opaque loads, so a
 * snapshot takes no lock and may be a moment old; {@link io.hotpath.metrics.EngineStats#toString()} prints a table.
 */
package io.hotpath.metrics;
