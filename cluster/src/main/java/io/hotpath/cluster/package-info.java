/**
 * Replicated actors on Aeron Cluster: a service's actors run on every member of a cluster, in the order of its
 * replicated log, so they survive the loss of a machine, and a restarted member replays a snapshot and the log after
 * it to the same state. Aeron Cluster (Raft over Aeron) and Aeron Archive do the consensus, the log, its replication
 * and the snapshots' storage; this package hosts Hotpath actors in it and gives clients an {@link io.hotpath.ActorRef}.
 *
 * <h2>The service</h2>
 * An {@link io.hotpath.cluster.ActorService} is Aeron's {@code ClusteredService}. It runs an engine of one embedded
 * worker that Aeron's service thread steps: each log entry (a client's message, a cluster timer) is applied whole,
 * the worker stepped until it has nothing left, before the next. The engine's clock is the log's time. Actors are
 * {@link io.hotpath.cluster.ClusteredActor}s registered with the service, made alike on every member; what they may use
 * is their {@link io.hotpath.cluster.ClusterContext}: other clustered actors, the log's time, the cluster's timers.
 * A snapshot holds each actor's state written by the codec of its state type, the pending timers and each client's
 * last applied sequence number.
 *
 * <h2>Clients</h2>
 * A {@link io.hotpath.cluster.ClusterClient} joins a client's engine: its link, an actor on one worker, owns the Aeron
 * Cluster session. Every message gets the client's next sequence number and is kept until the cluster acknowledges
 * it; after a change of leader or of session the link sends again what is not acknowledged, and the service applies
 * each number once. Asks end with an answer, an {@link io.hotpath.cluster.AnswerLostException}, a
 * {@link io.hotpath.cluster.ClusterActorException}, a {@link io.hotpath.cluster.ClusterRejectedException} or their
 * timeout.
 *
 * <h2>Threads</h2>
 * The service's actors run on Aeron's service thread only. A client's link runs on its engine worker; its
 * {@link io.hotpath.ActorRef}s are thread safe. {@link io.hotpath.cluster.ClusterMember} runs Aeron's agents on
 * threads of their own (a shared driver thread, a shared archive thread, the consensus module's and the service's).
 *
 * <h2>JVM flag</h2>
 * Aeron and Agrona need {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} on JDK 25; a service, a member and
 * a client check for it before they touch Aeron and fail with a message naming it. See docs/CLUSTER.md.
 */
package io.hotpath.cluster;
