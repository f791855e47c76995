package io.hotpath.jcstress.reply;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two completers of one reply (a value on one thread, an exception on another): exactly one wins, the outside
 * asker sees exactly the winner's outcome through {@code toCompletableFuture()}, and the loser is counted as one
 * {@code LATE_REPLY} dead letter. Runs the real {@link io.hotpath.Reply} (the exchange's {@code tryComplete}: the CAS on
 * the state word, then the plain stores of the outcome published by completing the future).
 * <p>
 * Result: (complete() returned true, fail() returned true, what the asker sees: 1 the value, 2 the exception,
 * LATE_REPLY dead letters).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "1, 0, 1, 1", expect = ACCEPTABLE, desc = "The value won; the exception was counted late.")
@Outcome(id = "0, 1, 2, 1", expect = ACCEPTABLE, desc = "The exception won; the value was counted late.")
@Outcome(expect = FORBIDDEN,
    desc = "Both completers won (the reply assigned twice) or neither (the asker waits forever); or the asker sees " +
    "the loser's outcome or nothing; or the loser was not counted once.")
@State
public class ReplyTwoCompletersTest
{
    private static final String VALUE = "answer";
    private static final Exception ERROR = new IllegalStateException("refused");

    private final KeptAsk ask = new KeptAsk(false);

    @Actor
    public void replier(final IIII_Result r)
    {
        r.r1 = ask.reply.complete(VALUE) ? 1 : 0;
    }

    @Actor
    public void failer(final IIII_Result r)
    {
        r.r2 = ask.reply.fail(ERROR) ? 1 : 0;
    }

    @Arbiter
    public void asker(final IIII_Result r)
    {
        r.r3 = KeptAsk.outcome(ask.reply.toCompletableFuture(), VALUE, ERROR);
        r.r4 = (int)ask.lateReplies();
    }
}
