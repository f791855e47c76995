package io.hotpath;

/**
 * Observes exceptions thrown by actors. Called on the actor's worker; it must be quick and must not block.
 */
@FunctionalInterface
public interface FaultListener
{
    /**
     * @param actor   the actor whose handler threw.
     * @param message the message it was handling, or null when its factory threw.
     * @param error   what it threw.
     * @param policy  the fault policy that will be applied.
     */
    void onFault(ActorRef<?> actor, Object message, Throwable error, FaultPolicy policy);
}
