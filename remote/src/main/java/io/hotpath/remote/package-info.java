/**
 * Remote actors over Aeron: the same {@link io.hotpath.ActorRef} reaches actors in other processes and on other
 * hosts. A {@link io.hotpath.remote.RemoteNode} joins an engine to the network under a
 * {@link io.hotpath.remote.NodeAddress}; actors are published by name and resolved by (address, name).
 *
 * <h2>Transport</h2>
 * Aeron's media driver, publications and subscriptions, nothing of our own. A node subscribes to a control stream
 * and to one data stream per worker. Each worker of the sending node has one exclusive publication per worker of
 * each peer (per sender-receiver FIFO, no contention between workers); a frame is taken from the network by the
 * worker its target actor lives on, which hands it to the actor directly when the actor is idle. Threads outside
 * the engine send on one concurrent publication per peer worker. Every frame starts with an SBE header (schema
 * {@code remote/src/main/sbe/hotpath-remote.xml}); the message follows, written by its {@link
 * io.hotpath.remote.Codec} straight into the claimed term buffer when it fits one frame and its length is known,
 * else encoded into a buffer of the worker's and offered (Aeron fragments it).
 *
 * <h2>Threads</h2>
 * A node spawns one actor per worker (its link: a repeating step polls the worker's stream and drains its backlogs)
 * and a control actor on {@code remote.controlWorker}, whose step runs Aeron's client conductor and, in the default
 * {@code invoker} driver mode, the embedded media driver's conductor, sender and receiver (Aeron's INVOKER threading
 * mode, through an {@code AgentInvoker}). So the default mode adds no thread: the network is served by the
 * engine's own duty cycles, and how quickly depends on their idle strategy (busy-spin for the lowest latency; a
 * parked backoff worker answers within {@code idle.maxParkNs}). {@code shared} runs the embedded driver on one
 * thread of its own (idling with Aeron's backoff); {@code external} uses a driver already running (Aeron's C driver
 * in production) and adds no thread. Starting a node and closing it block the calling thread, which must not be a
 * worker.
 *
 * <h2>Delivery rules</h2>
 * <ul>
 * <li>Order: per sender-receiver pair, as locally (one publication per sending worker and peer worker; Aeron keeps
 * a publication's order and repairs loss).</li>
 * <li>At most once. What cannot be sent or delivered is a dead letter with a reason of its own:
 * {@code NODE_UNREACHABLE}, {@code NO_CODEC}, {@code ENCODE_FAILED}, {@code MESSAGE_TOO_LARGE} on the sending node;
 * {@code DECODE_FAILED}, {@code NOT_PUBLISHED}, {@code STALE_INCARNATION} and the local reasons on the receiving
 * one. An ask among them fails at once (the receiving node answers an undeliverable ask as undelivered).</li>
 * <li>Asks: the answer travels back to the asker's worker and completes its reply there, as a local one; an
 * exception of the remote handler fails it with a {@link io.hotpath.remote.RemoteActorException} naming the
 * exception's class and message. Timeouts are the asker's.</li>
 * <li>Back pressure: a worker whose publication is pushed back keeps the message in a backlog per publication,
 * in order, and sends it as room appears; a backlog holds {@code remote.backlog} messages, then the engine's
 * full-queue policy applies (drop: a QUEUE_FULL dead letter; fail and wait: a {@link io.hotpath.QueueFullException}
 * at once, as a worker never waits). A thread outside the engine applies the policy itself: fail, drop, or wait up
 * to {@code send.timeoutNs}. {@code offer} never waits nor queues. On the receiving side a tell whose actor's mailbox
 * is full stays in the stream until there is room, so Aeron's flow control pushes back on the sender.</li>
 * <li>Failure: nodes greet each other every {@code remote.heartbeatIntervalNs}; a peer not heard from within
 * {@code remote.failureTimeoutNs} (or that says goodbye on close) is lost: watches of its actors fire, pending asks
 * fail at once with a {@link io.hotpath.remote.NodeUnreachableException} naming it, later sends are dead letters.
 * A ref is bound to the incarnation of the node it was resolved against; a restarted node is a new incarnation,
 * reached through a new resolve, and frames of or for an old incarnation are dropped.</li>
 * <li>Allocation: none per message on the send and receive paths in steady state when the codec reuses objects
 * (see {@link io.hotpath.remote.Codec} on when a reused object is safe).</li>
 * </ul>
 *
 * <h2>JVM flag</h2>
 * Aeron and Agrona need {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} on JDK 25 (on the module path
 * {@code --add-opens java.base/jdk.internal.misc=org.agrona}, Agrona's module); a node checks for it at start and
 * fails with a message naming the form that applies. The engine alone needs no flag and no Aeron.
 */
package io.hotpath.remote;
