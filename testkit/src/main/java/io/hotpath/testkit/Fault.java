package io.hotpath.testkit;

import io.hotpath.ActorRef;
import io.hotpath.FaultPolicy;

/**
 * An exception an actor of the kit's engine threw, as the engine's fault listener was told of it. Immutable.
 *
 * @param actor   the actor whose handler (or factory) threw.
 * @param message the message it was handling, or null when its factory threw.
 * @param error   what it threw.
 * @param policy  the fault policy the engine applied.
 */
public record Fault(ActorRef<?> actor, Object message, Throwable error, FaultPolicy policy)
{
    @Override
    public String toString()
    {
        return "'" + actor.name() + "' threw " + error + (message == null ? " when created" : " on " + message);
    }
}
