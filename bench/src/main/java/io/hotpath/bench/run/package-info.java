/**
 * How a run of the latency harness goes: the command line ({@link io.hotpath.bench.run.HarnessOptions}), the {@link
 * io.hotpath.bench.run.Harness} that re-launches itself in a child JVM with the flags it needs, the plan of the run's
 * steps, the driver that runs them one at a time (each row in a JVM of its own, or all in one), the implementations
 * by name, and what the summary says about the run itself.
 * <p>
 * Rules: the options are parsed and checked once, before anything starts, and a bad one is named with what it takes
 * (exit status 2); the driver thread parks while a row is measured, so the measured threads have the CPUs to
 * themselves; a lost message or a failed row fails the run (exit status 1), a peer's too unless {@code
 * --peers-may-fail} excuses it.
 */
package io.hotpath.bench.run;
