package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameLane;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A full lane makes room only as far as the consumer has published its index, which it does once per batch and at
 * the end of a drain, not per frame: a producer at its cached limit re-reads the index, and an offer that succeeds
 * never overwrites a frame the consumer has not taken. The lane of two holds frames 0 and 1; the producer offers
 * frames 2 and 3 (each may find the lane still full) while the consumer drains; the arbiter then drains the rest.
 * <p>
 * Result: (frames the producer's offers put in, frames taken in all, 1 when they came in order 0, 1, 2, ...).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 2, 1", expect = ACCEPTABLE, desc = "Both offers found the lane full; frames 0 and 1 taken.")
@Outcome(id = "1, 3, 1", expect = ACCEPTABLE, desc = "One offer got in after the consumer made room.")
@Outcome(id = "2, 4, 1", expect = ACCEPTABLE, desc = "Both offers got in; every frame taken once, in order.")
@Outcome(expect = FORBIDDEN, desc = "A frame was overwritten, lost, taken twice or out of order.")
@State
public class OneToOneFrameLaneWrapTest
{
    private final OneToOneFrameLane lane = new OneToOneFrameLane(2);
    private final Object target = new Object();
    private final int[] taken = new int[8];
    private int count;
    private int offered;

    public OneToOneFrameLaneWrapTest()
    {
        lane.offer(target, 0);
        lane.offer(target, 1);
    }

    @Actor
    public void producer()
    {
        int next = 2;
        for (int i = 0; i < 2; i++)
        {
            if (lane.offer(target, next))
            {
                next++;
            }
        }
        offered = next - 2;
    }

    @Actor
    public void consumer()
    {
        lane.drain(this::take, 2);
    }

    private boolean take(final Object frameTarget, final Object message)
    {
        if (count < taken.length)
        {
            taken[count] = frameTarget == target ? (Integer)message : -1;
        }
        count++;
        return true;
    }

    @Arbiter
    public void arbiter(final III_Result r)
    {
        lane.drain(this::take, Integer.MAX_VALUE);
        r.r1 = offered;
        r.r2 = count;
        boolean inOrder = true;
        for (int i = 0; i < Math.min(count, taken.length); i++)
        {
            inOrder &= taken[i] == i;
        }
        r.r3 = inOrder ? 1 : 0;
    }
}
