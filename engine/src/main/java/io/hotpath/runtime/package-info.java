/**
 * The engine's runtime, internal (the module does not export it): the {@link io.hotpath.runtime.Worker}s and their
 * duty cycle, the actors they own, the asks and answers between them, sequential actors' fibers, supervision, and
 * close. {@link io.hotpath.runtime.EngineRuntime} is what the API's {@link io.hotpath.Engine} calls.
 * <p>
 * Who owns what:
 * <ul>
 * <li>{@code ActorCell}: one actor as its worker sees it; the state word is changed only by its named transitions
 * (begin and end a turn, hold for an await or a restart, stop, resume), one bit per reason to hold an actor back.</li>
 * <li>{@code CellAddress}: the actor's address, what users hold ({@link io.hotpath.ActorRef}), immutable.
 * {@code CellContext}: the owner-only {@link io.hotpath.ActorContext}. Both made once at spawn.</li>
 * <li>{@code Worker}: the duty cycle, delivery (direct handoff or mailbox), and the turn protocol: every run of an
 * actor's code goes through {@code beginTurn}/{@code endTurn}.</li>
 * <li>{@code Supervisor}: faults, restarts, stops and watches, with the per-actor record in {@code Supervision}.</li>
 * <li>{@link io.hotpath.runtime.Exchange}: a reply's engine side (question out, answer back), decided by one CAS
 * per round; {@code Callbacks} keeps its callbacks; {@code Asks} begins every ask.</li>
 * <li>{@code Fiber} and {@code Carrier}: sequential actors' methods on continuations, and the worker loop on a
 * continuation so those methods run on its stack.</li>
 * <li>{@code Close}: the whole close protocol, the closer's side and each worker's.</li>
 * </ul>
 * <p>
 * Rules: an actor, its mailbox, its state word and its worker's ready queue are touched by the worker's owning thread
 * only, with plain loads and stores. Anything another thread may read is single-writer and written with opaque or
 * release stores (counters, the stopped flag, the terminated flag). Cross-thread hand-over happens in exactly two
 * places: the frame queues ({@code io.hotpath.inbound}: a worker's inbound queue, and the lanes between workers,
 * kept by {@code Lanes}) and the sleep flag of a worker that may park, a Dekker pair of a volatile store then a
 * volatile load on each side ({@code Worker.prepareToPark} against {@code Worker.claimWakeUp}; a lane's sender
 * fences first), so a wake-up is never lost.
 * <p>
 * Per-message paths allocate nothing and take no lock: delivery, scheduling and counting use pre-sized rings and
 * fields. Rare cases (full queues, closed engine, signals) live in {@code SendSlowPath}.
 * <p>
 * The API reaches this package through the public classes named in {@link io.hotpath.runtime.EngineRuntime}, and the
 * engine reaches the state the API keeps in its own objects through {@link io.hotpath.runtime.ApiAccess} only.
 */
package io.hotpath.runtime;
