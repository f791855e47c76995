/**
 * jcstress tests of the queues of frames a worker drains: {@link io.hotpath.inbound.ManyToOneFrameQueue}, each
 * worker's inbound queue (claims by CAS, publication by each frame's message slot, the CLOSED bit, the consumer's
 * drain and emptiness check), and {@link io.hotpath.inbound.OneToOneFrameQueue}, a lane from one worker to another
 * (a plain claim, room found by the slots the consumer clears, and the two sides' finish at close). Each queue is
 * used exactly as the engine uses it.
 */
package io.hotpath.jcstress.inbound;
