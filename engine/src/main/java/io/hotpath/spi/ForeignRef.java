package io.hotpath.spi;

import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.Terminated;

/**
 * An {@link ActorRef} implemented outside the engine (a remote actor). The engine hands it the watches that concern
 * it. Implementations are thread safe, as every address is.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ForeignRef<M> extends ActorRef<M>
{
    /**
     * Complete {@code watcher} once the actor has stopped or become unreachable (at once if it has already), saying
     * why ({@link Terminated.Reason#STOPPED}, {@link Terminated.Reason#NODE_LOST}).
     *
     * @param watcher a reply prepared for the watching caller.
     */
    void watch(Reply<Terminated> watcher);
}
