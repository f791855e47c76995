/**
 * What a run prints and writes from its figures: the tables ({@link io.hotpath.bench.report.ResultTable} and the
 * sections under it, with the spread of repeated rows), the per-scenario HdrHistogram percentile files and interval
 * logs, the JSON summary, the percentile plot, and the engine's own histograms. {@link io.hotpath.bench.report.Json}
 * is the bench's one JSON writer, the Savina suite's too.
 * <p>
 * Rules: nothing here measures or runs anything, it reads the figures of rows that have ended; latencies are in ns,
 * with the unit named; a figure that does not apply prints as a dash and is written as null; a plot that cannot be
 * drawn is a warning, never a failed run.
 */
package io.hotpath.bench.report;
