/**
 * The event loops: {@link io.hotpath.scheduling.Worker}s, the actors they own
 * ({@link io.hotpath.scheduling.ActorCell}), and what a whole engine shares
 * ({@link io.hotpath.scheduling.EngineCore}). Internal: services use {@code io.hotpath}.
 * <p>
 * Rules: an actor, its mailbox, its flags and its worker's ready queue are touched by the worker's owning thread
 * only, with plain loads and stores. Anything another thread may read is single-writer and written with opaque or
 * release stores (counters, the stopped flag, the terminated flag). Cross-thread hand-over happens in exactly two
 * places: the inbound queue ({@code io.hotpath.inbound}) and the sleep flag of a worker that may park, a Dekker
 * pair of a volatile store then a volatile load on each side (the producer's CAS on the queue then the read of the
 * flag; the worker's store of the flag then the read of the queue), so a wake-up is never lost.
 * <p>
 * Per-message paths allocate nothing and take no lock: delivery, scheduling and counting use pre-sized rings and
 * fields. Rare cases (full queues, closed engine, signals) live in {@code SendSlowPath}.
 * <p>
 * Sequential actors: a {@code Fiber} is one run of a handler that may suspend at an await; a
 * {@code Carrier} runs a worker thread's loop on continuations, so that fibers the loop begins
 * run on its stack and only a suspension switches stacks.
 */
package io.hotpath.scheduling;
