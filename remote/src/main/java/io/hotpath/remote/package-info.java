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
 * A node spawns one actor per worker (its link: a repeating step takes the worker's stream, sends what its backlogs
 * and holds keep, and tells peers when an actor of the worker is congested). The control protocol, Aeron's client
 * conductor and, in the default {@code invoker} driver mode, the embedded media driver's conductor, sender and
 * receiver run on one thread of the node's own, where no actor's handler can hold them up ({@code
 * remote.controlWorker} may name a worker to run them on instead, adding no thread). {@code shared} runs the embedded
 * driver on a thread of its own; {@code external} uses a driver already running (Aeron's C driver in production).
 * Starting a node and closing it block the calling thread, which must not be a worker.
 *
 * <h2>Delivery rules</h2>
 * <ul>
 * <li>Order: per sender-receiver pair, as locally (one publication per sending worker and peer worker; Aeron keeps
 * a publication's order and repairs loss).</li>
 * <li>At most once. What cannot be sent or delivered is a dead letter with a reason of its own:
 * {@code NODE_UNREACHABLE}, {@code NO_CODEC}, {@code ENCODE_FAILED}, {@code MESSAGE_TOO_LARGE},
 * {@code CODEC_MISMATCH}, {@code QUEUE_FULL} on the sending node; {@code DECODE_FAILED}, {@code CODEC_MISMATCH},
 * {@code NOT_PUBLISHED}, {@code STALE_INCARNATION} and the local reasons on the receiving one. An ask among them fails
 * at once (the receiving node answers an undeliverable ask as undelivered).</li>
 * <li>Codec tables: two nodes compare their codec tables when they meet (each type id's type name and the hash of its
 * codec's {@link io.hotpath.remote.Codec#schema()}); a type id they disagree on is refused both ways for the session
 * ({@code CODEC_MISMATCH}), and both nodes log it with both types and the fix.</li>
 * <li>In flight: each hello acknowledges how many of the peer's data frames a node has taken. When a peer is lost,
 * what was published to it and not acknowledged is counted as {@link io.hotpath.remote.NodeStats#possiblyLost()}:
 * every message accepted for it was taken by it, is a dead letter, or is counted there (which of them the peer took
 * cannot be known; nothing is sent again).</li>
 * <li>Asks: the answer travels back to the asker's worker and completes its reply there, as a local one; an
 * exception of the remote handler fails it with a {@link io.hotpath.remote.RemoteActorException} naming the
 * exception's class and message. Timeouts are the asker's, cancelled when the answer comes.</li>
 * <li>Isolation: a frame for an actor whose mailbox is full joins it beyond its capacity, as a local frame does, so
 * the frames behind it for other actors go on; the sending node is told, for that actor only, and applies the
 * engine's full-queue policy to it at the source until it has caught up (drop counts a QUEUE_FULL dead letter, fail
 * throws a {@link io.hotpath.QueueFullException}, wait keeps the worker's messages for it in order, up to
 * {@code remote.backlog}, or makes a thread outside the engine wait up to {@code send.timeoutNs}). Aeron's own back
 * pressure keeps up to {@code remote.backlog} messages per publication, in order, then applies the policy the same
 * way. {@code offer} never waits nor keeps. A refusal makes no exception of its own (a refused tell throws the remote
 * actor's one shared exception for that kind of refusal, without a stack trace unless {@code remote.stackTraces}),
 * and every refusal is counted ({@link io.hotpath.remote.NodeStats#refusedSends()}).</li>
 * <li>Failure: nodes greet each other every {@code remote.heartbeatIntervalNs}; a peer not heard from within
 * {@code remote.failureTimeoutNs} (or that says goodbye) is lost: watches of its actors fire, pending asks fail at
 * once with a {@link io.hotpath.remote.NodeUnreachableException} naming it, later sends are dead letters. A node's
 * own pause (GC, a stopped process) is credited to every peer before its silence counts, and the same incarnation is
 * met again in a new session on the next resolve. A ref is bound to its session; a restarted node is a new
 * incarnation, reached through a new resolve, and frames of a lost session are dropped.</li>
 * <li>Close: the node's close or its engine's, in either order, ends every ask, resolve and watch still waiting on
 * it ({@link io.hotpath.remote.NodeClosedException}) and tells its peers; later sends are refused as local ones are
 * and counted.</li>
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
