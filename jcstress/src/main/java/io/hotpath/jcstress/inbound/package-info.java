/**
 * jcstress tests of {@link io.hotpath.inbound.ManyToOneFrameQueue}, the bounded many-to-one queue of frames that is
 * each worker's inbound queue: claims by CAS, publication by per-slot sequences, the CLOSED bit, and the consumer's
 * drain and emptiness check. The queue is used exactly as the engine uses it: any thread offers, one consumer
 * thread drains.
 */
package io.hotpath.jcstress.inbound;
