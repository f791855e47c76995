/**
 * The implementations raced by the harness: {@code hotpath} (the engine), {@code floor} (two threads spinning on
 * volatile fields), {@code jctools}, {@code disruptor}, and Pekko classic, typed and affinity-pool.
 * <p>
 * Rules: all of them run the same traffic (the shared {@link io.hotpath.bench.harness.impl.Envelope}, senders and
 * pacing constants); messages are pre-allocated and re-used; the measuring end records on its own thread; at most
 * two threads busy-spin at once; each implementation says which scenarios it can express.
 */
package io.hotpath.bench.harness.impl;
