/**
 * Savina's parallelism family: data-parallel computations spread over actors (Radix Sort, Filter Bank, Trapezoidal,
 * All-Pairs Shortest Path), each written once against {@link io.hotpath.bench.savina.ActorRuntime} and checked
 * against the same computation done on one thread, computed once per size and kept
 * ({@link io.hotpath.bench.savina.Digest#reference}).
 * <p>
 * Rules of the ports, beside those of {@link io.hotpath.bench.savina}: a message that carries an array hands it over,
 * and its sender never writes it again; floating-point results are combined in a fixed order (by worker, by channel),
 * so they do not depend on the order messages arrive in.
 */
package io.hotpath.bench.savina.parallelism;
