package io.hotpath.jcstress.reply;

import io.hotpath.runtime.JoinCount;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import java.util.List;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two completions of a join race for the deciding count: exactly one of them decides, the one counted second, and
 * its list holds every completion counted before it in count order, including the other thread's, whose slot it may
 * find still empty and must wait for. A join of 2 of 3 replies, one failure (1) counted already; the actors count
 * successes 2 and 3. Runs the real {@link JoinCount} (the CAS loop on the packed counts, the slot store after it,
 * the decider's wait in {@code completedInOrder}); {@link io.hotpath.Join} only adds the callback around it.
 * <p>
 * Result: (what thread 1's completion decided: 0 nothing, n &gt; 0 success over n completions, -n failure; the same
 * for thread 2; the decider's list as digits).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "0, 3, 123", expect = ACCEPTABLE, desc = "Thread 1 counted first; thread 2's success decided.")
@Outcome(id = "3, 0, 132", expect = ACCEPTABLE, desc = "Thread 2 counted first; thread 1's success decided.")
@Outcome(id = "0, 0, 0", expect = FORBIDDEN, desc = "Neither decided: a count was lost, the join never ends.")
@Outcome(expect = FORBIDDEN,
    desc = "Both decided (the callback would run twice), the first counted decided, or the decider's list misses " +
    "a completion counted before it or is out of count order.")
@State
public class JoinCountTest
{
    private final JoinCount<Integer> count = new JoinCount<>(2, 3);

    public JoinCountTest()
    {
        count.onReply(1, false);
    }

    @Actor
    public void completion2(final III_Result r)
    {
        final int decision = count.onReply(2, true);
        r.r1 = decision;
        if (decision != 0)
        {
            r.r3 = digits(count.completedInOrder(Math.abs(decision)));
        }
    }

    @Actor
    public void completion3(final III_Result r)
    {
        final int decision = count.onReply(3, true);
        r.r2 = decision;
        if (decision != 0)
        {
            r.r3 = digits(count.completedInOrder(Math.abs(decision)));
        }
    }

    private static int digits(final List<Integer> completed)
    {
        int digits = 0;
        for (final int c : completed)
        {
            digits = digits * 10 + c;
        }
        return digits;
    }
}
