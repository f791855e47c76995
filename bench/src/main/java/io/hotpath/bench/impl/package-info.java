/**
 * The implementations raced by the harness, and the contract each one fulfils: {@code hotpath} (the engine, and its
 * variants {@code hotpath:NAME}), {@code floor} (two threads spinning on volatile fields), {@code jctools}, {@code
 * disruptor} and {@code disruptor-ref}, and Pekko classic, typed and affinity-pool. Every implementation, these and
 * the remote ones of {@code io.hotpath.bench.remote}, is a {@link io.hotpath.bench.impl.BenchImpl} that starts a
 * {@link io.hotpath.bench.impl.Trial} of a scenario with the run's {@link io.hotpath.bench.impl.RunContext}.
 * <p>
 * Rules: all of them run the same traffic (the shared {@code Envelope}, senders and pacing constants); messages are
 * pre-allocated and re-used; the measuring end records on its own thread; at most two threads busy-spin at once;
 * each implementation says which scenarios it can express; every engine comes from {@link
 * io.hotpath.bench.impl.RunContext#engineConfig(String)}.
 */
package io.hotpath.bench.impl;
