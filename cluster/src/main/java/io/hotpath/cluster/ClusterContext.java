package io.hotpath.cluster;

import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Reply;

import java.time.Duration;

/**
 * What a clustered actor may use: the operations that every member performs alike. It is the engine's
 * {@link io.hotpath.ActorContext} with what would break determinism taken out or routed through the cluster's log:
 * time is the log's ({@link #timeNs()}), timers are the cluster's ({@link #schedule}), the actors reachable are the
 * service's own ({@link #actor(String)}), and the engine itself is not reachable. NOT thread safe: use it from the
 * actor's own handler only.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ClusterContext<M>
{
    /**
     * {@return the actor's own address}
     */
    ActorRef<M> self();

    /**
     * {@return the actor's name, as registered with the service}
     */
    String name();

    /**
     * {@return another clustered actor of the same service, to tell or ask}
     *
     * @param name as registered with the service.
     * @param <T>  the type of message it handles.
     * @throws IllegalArgumentException naming the service's actors, when none has that name.
     */
    <T> ActorRef<T> actor(String name);

    /**
     * {@return the cluster's time in nanoseconds: the timestamp of the log entry being applied, the same on every
     * member} Use it in place of {@code System.nanoTime()} and {@code System.currentTimeMillis()}, which differ
     * between members and between a first run and a replay.
     */
    long timeNs();

    /**
     * {@return true while the message being handled was asked and its answer is still owed} A handler that serves
     * both tells and asks of the same message answers only when this is true.
     */
    boolean isAsked();

    /**
     * Answer the ask being handled now: to another clustered actor, or through the egress to the client that asked.
     *
     * @param value the answer; a client's ask needs a codec for its class in the service's codecs.
     * @throws IllegalStateException when the message being handled was not asked.
     */
    void reply(Object value);

    /**
     * Keep the ask being handled now, to complete it later (e.g. from a timer): every member keeps it alike, and the
     * leader of the moment sends the answer.
     *
     * @param <R> the answer's type.
     * @return the reply to complete, from this actor's handlers only.
     * @throws IllegalStateException when the message being handled was not asked.
     */
    <R> Reply<R> replyLater();

    /**
     * Send this actor a message after a delay of cluster time, through a timer of the cluster's: the timer's firing
     * is an entry of the log, so every member, and every replay, delivers the message at the same point. Only while
     * handling a message (not from the factory or {@link ClusteredActor#restore}).
     *
     * @param message not null; it is written into snapshots while pending, so the service's codecs must hold a
     *                codec for its class.
     * @param delay   not negative.
     * @return the timer, to cancel it (while handling a message).
     * @throws IllegalStateException when no codec serves the message, or when called outside a message's handling.
     */
    Cancellable schedule(M message, Duration delay);

    /**
     * Send this actor the same message periodically through the cluster's timers, as {@link #schedule} does once.
     *
     * @param message      not null; with a codec, as for {@link #schedule}.
     * @param initialDelay before the first.
     * @param period       between deadlines; positive.
     * @return the timer, to cancel it.
     */
    Cancellable scheduleAtFixedRate(M message, Duration initialDelay, Duration period);

    /**
     * Not allowed in a clustered service: the service's actors are the ones registered with it, made alike on every
     * member and written into its snapshots; an actor spawned at run time would be in no snapshot and would not come
     * back after a restart.
     *
     * @param name    ignored.
     * @param factory ignored.
     * @param <C>     ignored.
     * @param <T>     ignored.
     * @return never.
     * @throws UnsupportedOperationException always, saying what to do instead.
     */
    <C, T> ActorRef<C> spawn(String name, ClusteredActorFactory<C, T> factory);
}
