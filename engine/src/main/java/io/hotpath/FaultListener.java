package io.hotpath;

/**
 * Observes exceptions thrown by actors. Called on the actor's worker; it must be quick and must not block. The
 * default logs each fault to {@code io.hotpath.faults} through {@link System.Logger}, at most ten lines a second.
 */
@FunctionalInterface
public interface FaultListener
{
    /**
     * Told of one exception an actor threw, before its fault policy is applied.
     *
     * @param actor   the actor whose handler threw.
     * @param message the message it was handling; null when its factory or a lifecycle hook threw, and when an
     *                {@code Error} that escaped a turn nested inside this actor's (a stack overflow under a chain of
     *                direct handoffs) cut its turn short: each turn so cut is a fault of its actor.
     * @param error   what it threw.
     * @param policy  the fault policy that will be applied.
     */
    void onFault(ActorRef<?> actor, Object message, Throwable error, FaultPolicy policy);
}
