/**
 * jcstress tests of {@link io.hotpath.inbound.ManyToOneFrameQueue}, the bounded many-to-one queue of frames that is
 * each worker's inbound queue: claims by CAS, publication by per-slot sequences, the CLOSED bit, and the consumer's
 * drain and emptiness check; and of {@link io.hotpath.inbound.OneToOneFrameLane}, the lane from one worker to
 * another: publication without a CAS, room made by the consumer's index published once per batch, and exact close by
 * whichever end finishes last. Each is used exactly as the engine uses it: any thread (the lane: one thread) offers,
 * one consumer thread drains.
 */
package io.hotpath.jcstress.inbound;
