/**
 * The shapes of {@link io.hotpath.bench.jmh} on plain queues, no engine: JCTools' atomic SPSC and MPSC array
 * queues and a Disruptor 4 ring read through an {@code EventPoller}, and, one way, the engine's own lane between two
 * workers without the engine around it. Same thread (offer then poll), one way (a producer thread and a consumer
 * thread) and ping-pong (two threads, one message in flight).
 * <p>
 * Two-thread shapes are JMH groups of one thread each; every spin loop checks {@code Control.stopMeasurement} so
 * neither side waits for one that has left, and each iteration ends by emptying the queues so the next one starts
 * with nothing in flight.
 */
package io.hotpath.bench.jmh.queues;
