package io.hotpath.testkit;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;

import java.time.Duration;
import java.util.List;

/**
 * The dead letters of a kit's engine, kept until the test takes them: {@code kit.deadLetters().expect(reason)}.
 * NOT thread safe: the kit's test thread only (the engine adds to it from any thread).
 */
public final class DeadLetterLog
{
    private final ActorTestKit kit;
    private final Kept<DeadLetter> kept;

    DeadLetterLog(final ActorTestKit kit, final Kept<DeadLetter> kept)
    {
        this.kit = kit;
        this.kept = kept;
    }

    /** {@return the dead letters not taken yet, oldest first} */
    public List<DeadLetter> all()
    {
        return kept.all();
    }

    /**
     * Wait for a dead letter of a reason, and take it.
     *
     * @param reason the reason.
     * @return the oldest one not yet taken.
     */
    public DeadLetter expect(final DeadLetterReason reason)
    {
        return kit.take(kept, d -> d.reason() == reason, "a dead letter " + reason);
    }

    /**
     * Wait for a dead letter of a reason to an actor, and take it.
     *
     * @param reason the reason.
     * @param target the actor the message was for.
     * @return the oldest one not yet taken.
     */
    public DeadLetter expect(final DeadLetterReason reason, final ActorRef<?> target)
    {
        return kit.take(kept, d -> d.reason() == reason && d.target().equals(target),
            "a dead letter " + reason + " to '" + target.name() + "'");
    }

    /**
     * Take every dead letter kept so far, after running the engine until idle.
     *
     * @return them, oldest first.
     */
    public List<DeadLetter> takeAll()
    {
        kit.runUntilIdle();
        return kept.takeAll();
    }

    /** Run the engine until idle, then fail if there is a dead letter the test has not taken. */
    public void expectNone()
    {
        kit.expectNone(kept, "dead letters");
    }

    /**
     * Let a while of virtual time pass, then fail if there is a dead letter the test has not taken.
     *
     * @param within virtual time.
     */
    public void expectNone(final Duration within)
    {
        kit.advance(within);
        expectNone();
    }
}
