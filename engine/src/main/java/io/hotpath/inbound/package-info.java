/**
 * The queues into a worker: frames (target, message) in one pre-allocated ring each ({@code FrameRing}, which also
 * holds the one consumer's side). {@link io.hotpath.inbound.ManyToOneFrameQueue} is a worker's inbound queue, which
 * any thread may offer to; {@link io.hotpath.inbound.OneToOneFrameLane} is the lane from one worker to another, with
 * one producer. Rules: producers of the inbound queue synchronise with each other only through a CAS on the producer
 * word; a lane's producer claims nothing (no CAS). A frame is published by a release store of its message slot (its
 * flag) and read after an acquire load of it; the consumer clears a frame's slots before the release store of its
 * index (per frame in the inbound queue, per batch of 64 and at the end of a drain in a lane), and a slot is reused
 * only after a producer has acquired that index. Nothing here allocates after construction.
 */
package io.hotpath.inbound;
