/**
 * The many-to-one inbound queue of a worker: frames (target, message) in one pre-allocated array, which any thread
 * may offer and one consumer drains. Rules: producers synchronise with each other only through a CAS on the producer
 * word; a frame is published by a release store of its message slot (its flag) and read after an acquire load of
 * it; the consumer clears a frame's slots before the release store of its index, and a slot is reused only after a
 * producer has acquired that index. Nothing here allocates after construction.
 */
package io.hotpath.inbound;
