/**
 * Hotpath's public API: an {@link io.hotpath.Engine} of pinned event-loop workers running actors.
 * <p>
 * Rules for the whole API: an {@link io.hotpath.ActorRef} may be used from any thread; an
 * {@link io.hotpath.ActorContext} and the actor object itself only from the actor's own handler, on its worker.
 * Messages are plain objects handed over by reference: a sender must not change a message until its receiver has
 * handled it, which is what lets a pre-allocated message travel without any allocation. Nothing undeliverable is
 * lost silently: it is counted in {@link io.hotpath.DeadLetters} with a {@link io.hotpath.DeadLetterReason}.
 * Every setting, with its default, is listed in {@link io.hotpath.EngineConfig}.
 */
package io.hotpath;
