package io.hotpath.jcstress.reply;

import io.hotpath.Reply;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A timer outlives its ask and fires while the asker reuses the reply for its next ask: the timer must not decide
 * the new round (which has no timeout), whether it fires before, during or after the reuse. The first ask was
 * answered from a thread that could not cancel its timer; the second actor calls the timer's {@code onExpiry} as
 * the wheel would. Runs the real {@link io.hotpath.Reply}: its exchange's {@code prepare} (the release store of
 * the next round's pending state) against its {@code onExpiry} (a CAS from the pending state of the round the
 * timer was armed for).
 * <p>
 * Result: (what the asker of the second ask sees: 0 nothing yet, 3 an AskTimeoutException; LATE_REPLY dead
 * letters).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "The second ask waits for its answer; the stale timer was silent.")
@Outcome(id = "3, 0", expect = FORBIDDEN,
    desc = "The first ask's timer failed the second ask with a timeout it never had.")
@Outcome(expect = FORBIDDEN, desc = "Anything else: the second ask decided, or a dead letter counted.")
@State
public class ReplyStaleTimerReuseTest
{
    private final KeptAsk ask = new KeptAsk(true);
    private final Reply<String> reply = ask.reply;

    public ReplyStaleTimerReuseTest()
    {
        reply.complete("first answer");
        reply.toCompletableFuture().join();
    }

    @Actor
    public void asker()
    {
        ask.keeper.ask("second question", reply);
    }

    @Actor
    public void staleTimer()
    {
        KeptAsk.fireTimer(reply);
    }

    @Arbiter
    public void arbiter(final II_Result r)
    {
        r.r1 = KeptAsk.outcome(reply.toCompletableFuture(), null, null);
        r.r2 = (int)ask.lateReplies();
    }
}
