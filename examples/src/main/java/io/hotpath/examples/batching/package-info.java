/**
 * Batching by the end of a batch: an actor that buffers its output and writes it once the message in hand ends the
 * batch waiting for it ({@code ActorContext.endOfBatch}), as a Disruptor handler does with {@code endOfBatch}.
 */
package io.hotpath.examples.batching;
