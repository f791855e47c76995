/**
 * The many-to-one inbound queue of a worker: pre-allocated frames (target, message) that any thread may offer and
 * one consumer drains. Rules: producers synchronise with each other only through a CAS on the producer word; a
 * frame's contents are published by a release store of its sequence and read after an acquire load of it; a slot is
 * reused only after the consumer's release store of its index has been acquired by a producer. Nothing here
 * allocates after construction.
 */
package io.hotpath.inbound;
