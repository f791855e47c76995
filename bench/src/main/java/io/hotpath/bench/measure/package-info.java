/**
 * What a row measures and the figures made from it: the {@link io.hotpath.bench.measure.Probe} every measuring end
 * records into (its {@link io.hotpath.bench.measure.Recording}, the slices of a paired row and the latencies per
 * interval), the host's load and speed level around a row, the engine's own histograms, and the row's {@link
 * io.hotpath.bench.measure.Result} with its paired, per-interval and fixed-rate figures.
 * <p>
 * Rules: ONE thread records into a probe, into HdrHistograms allocated before the run (3 significant digits, values
 * in ns), so recording allocates nothing; the warm-up is recorded, then discarded by a reset; every message sent is
 * counted at both ends, and the driver reads what was recorded only once the counts show the run drained (a release
 * store read by an acquire load), so a lost message fails the run. Figures are immutable, and one that does not apply
 * or could not be measured is null, never 0. Nothing here prints or writes a file.
 */
package io.hotpath.bench.measure;
