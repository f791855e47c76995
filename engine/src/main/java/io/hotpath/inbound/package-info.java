/**
 * The queues a worker drains: frames (target, message) in one pre-allocated array, with one consumer. Its inbound
 * queue ({@link io.hotpath.inbound.ManyToOneFrameQueue}) takes offers from any thread; a lane
 * ({@link io.hotpath.inbound.OneToOneFrameQueue}) takes them from one other worker only. Rules: producers of an
 * inbound queue synchronise with each other only through a CAS on the producer word, a lane's one producer moves it
 * with a release store; a frame is published by a release store of its message slot (its flag) and read after an
 * acquire load of it; the consumer clears a frame's slots before the release store of its index, and a slot is
 * reused only after a producer has acquired that index. Nothing here allocates after construction.
 */
package io.hotpath.inbound;
