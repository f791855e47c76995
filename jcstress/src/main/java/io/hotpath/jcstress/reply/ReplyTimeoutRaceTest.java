package io.hotpath.jcstress.reply;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The replier's answer races the ask's timeout: exactly one decides, the asker sees the winner's outcome, and only
 * a losing answer is a {@code LATE_REPLY} dead letter; a losing timer is silent (nobody answered late). The replier
 * completes on a thread that is not the timer's worker, so it cannot cancel the timer, and the timer fires anyway:
 * here the second actor calls the timer's {@code onExpiry} as the wheel would. Runs the real
 * {@link io.hotpath.Reply}: the exchange's {@code tryComplete} and {@code onExpiry}, both a CAS on the state
 * word (the timer's aimed at the round it was armed for).
 * <p>
 * Result: (complete() returned true, what the asker sees: 1 the value, 3 the AskTimeoutException, LATE_REPLY dead
 * letters).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "The answer won; the timer that fired after it stayed silent.")
@Outcome(id = "0, 3, 1", expect = ACCEPTABLE, desc = "The timeout won; the answer was counted late.")
@Outcome(id = "1, 1, 1", expect = FORBIDDEN, desc = "The answer won, yet the losing timer was counted a late reply.")
@Outcome(expect = FORBIDDEN,
    desc = "Both or neither decided, or the asker sees the loser's outcome (the replier told it won, the asker " +
    "the timeout), or the count of late replies is off.")
@State
public class ReplyTimeoutRaceTest
{
    private static final String VALUE = "answer";

    private final KeptAsk ask = new KeptAsk(true);

    @Actor
    public void replier(final III_Result r)
    {
        r.r1 = ask.reply.complete(VALUE) ? 1 : 0;
    }

    @Actor
    public void timer()
    {
        KeptAsk.fireTimer(ask.reply);
    }

    @Arbiter
    public void asker(final III_Result r)
    {
        r.r2 = KeptAsk.outcome(ask.reply.toCompletableFuture(), VALUE, null);
        r.r3 = (int)ask.lateReplies();
    }
}
