/**
 * The latency harness: options, the driver that races implementations scenario by scenario, the {@link
 * io.hotpath.bench.harness.Probe} every measuring end records into, and the reports (table, .hgrm, .hlog, JSON, PNG).
 * <p>
 * Rules: the measuring end records on its own thread into a pre-allocated HdrHistogram (3 significant digits,
 * values in ns), warm-up is recorded then discarded by a reset, the driver parks while a run is on, and every
 * message sent is counted at both ends so a lost one fails the run.
 */
package io.hotpath.bench.harness;
