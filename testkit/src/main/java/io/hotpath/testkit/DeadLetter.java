package io.hotpath.testkit;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;

/**
 * A message the kit's engine could not deliver, as its dead-letter listener was told of it. Immutable.
 *
 * @param target  the actor it was for.
 * @param message the message.
 * @param reason  why it was not delivered.
 */
public record DeadLetter(ActorRef<?> target, Object message, DeadLetterReason reason)
{
    @Override
    public String toString()
    {
        return reason + " to '" + target.name() + "': " + message;
    }
}
