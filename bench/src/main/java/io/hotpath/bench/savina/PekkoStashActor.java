package io.hotpath.bench.savina;

import org.apache.pekko.actor.AbstractActorWithStash;

import java.util.Optional;

/**
 * A Pekko classic actor with a stash, for a port written in Pekko's own idiom, whose exception fails the run as a
 * port's handler does on {@link PekkoClassicRuntime}: Pekko restarts a failed actor, and the restart reports the
 * exception to the runtime first. Confined to the actor, as Pekko runs it.
 */
public abstract class PekkoStashActor extends AbstractActorWithStash
{
    private final PekkoClassicRuntime runtime;

    /**
     * @param runtime the runtime the actor runs on.
     */
    protected PekkoStashActor(final PekkoClassicRuntime runtime)
    {
        this.runtime = runtime;
    }

    @Override
    public void preRestart(final Throwable reason, final Optional<Object> message) throws Exception
    {
        runtime.failure().completeExceptionally(new IllegalStateException(
            getSelf().path() + " threw on " + message.orElse("(no message)"), reason));
        super.preRestart(reason, message);
    }
}
