package io.hotpath.cluster;

/**
 * Makes a clustered actor on the service's thread when the service starts. Must be deterministic: the same actor in
 * the same state on every member.
 *
 * @param <M> the type of message the actor handles.
 * @param <S> the type of its snapshot state.
 */
@FunctionalInterface
public interface ClusteredActorFactory<M, S>
{
    /**
     * Make the actor.
     *
     * @param context the actor's context, to keep.
     * @return a fresh actor in its initial state.
     */
    ClusteredActor<M, S> create(ClusterContext<M> context);
}
