package io.hotpath.spi;

/**
 * An ActorRef implemented outside the engine (a remote actor); the engine calls it for watch. Thread safe.
 *
 * @param <M> the type of message the actor handles.
 */
public interface ForeignRef<M> extends io.hotpath.ActorRef<M>
{
    /**
     * Complete watcher (with this ref as its value) once the actor has stopped or become unreachable.
     *
     * @param watcher a reply made for the watching caller.
     */
    void watch(io.hotpath.Reply<io.hotpath.ActorRef<?>> watcher);
}
