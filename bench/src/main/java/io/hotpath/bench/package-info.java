/**
 * The bench jar's entry point: {@link io.hotpath.bench.Main} dispatches to the tools by their first argument.
 * <p>
 * The latency harness in layers, each depending only on those above it: {@link io.hotpath.bench.scenario} (the rows),
 * {@link io.hotpath.bench.measure} (what a row records and the figures made from it), {@link io.hotpath.bench.impl}
 * with {@link io.hotpath.bench.remote} (the implementations raced and the contract they fulfil), {@link
 * io.hotpath.bench.report} (tables, JSON, plot) and {@link io.hotpath.bench.run} (options, plan, driver, child JVMs),
 * which {@code Main} calls. Beside it: {@link io.hotpath.bench.jmh} (per-message cost of the engine's paths), {@link
 * io.hotpath.bench.lab} (experiments), {@link io.hotpath.bench.savina} and {@link io.hotpath.bench.affinity}.
 */
package io.hotpath.bench;
