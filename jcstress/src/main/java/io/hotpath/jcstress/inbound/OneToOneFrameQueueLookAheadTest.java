package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A lane's producer finds room by the slots the consumer clears, a step ahead (two frames in a lane of eight) or
 * else the next slot alone: a full lane, a drain of 3 frames racing a producer that offers letters 2, 3 and 4. The
 * producer never writes a slot whose frame the drain has not taken yet: the drain takes three whole letter 1
 * frames, and every letter the producer was told was accepted is drained afterwards, whole, once, in order, behind
 * the 5 frames left from before. A letter refused while the drain was still clearing may be followed by a later
 * one accepted.
 * <p>
 * Result: (mask of the letters accepted, bit 1 &lt;&lt; id; the racing drain's frames as digits; the letters drained
 * afterwards as digits, or -1 when a frame was torn, seen twice, or the earlier frames were not all there first).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 111, 0", expect = ACCEPTABLE, desc = "The producer looked before any slot was cleared.")
@Outcome(id = "4, 111, 2", expect = ACCEPTABLE, desc = "Room for the first offer only.")
@Outcome(id = "12, 111, 23", expect = ACCEPTABLE, desc = "Room for the first two offers.")
@Outcome(id = "28, 111, 234", expect = ACCEPTABLE, desc = "All three found room.")
@Outcome(id = "8, 111, 3", expect = ACCEPTABLE_INTERESTING, desc = "Room came for the second offer only.")
@Outcome(id = "16, 111, 4", expect = ACCEPTABLE_INTERESTING, desc = "Room came for the last offer only.")
@Outcome(id = "20, 111, 24", expect = ACCEPTABLE_INTERESTING,
    desc = "The second offer came between two of the drain's clears.")
@Outcome(id = "24, 111, 34", expect = ACCEPTABLE_INTERESTING, desc = "Room came for the last two offers.")
@Outcome(expect = FORBIDDEN, desc = "A slot written before its frame was taken, a frame lost, torn or seen twice, " +
    "or more accepted than the drain made room for.")
@State
public class OneToOneFrameQueueLookAheadTest
{
    private static final int CAPACITY = 8;
    private final OneToOneFrameQueue lane = new OneToOneFrameQueue(CAPACITY);
    private final Object target = new Object();
    private final Letter[] letters = {new Letter(target, 2), new Letter(target, 3), new Letter(target, 4)};
    private final FrameLog racing = new FrameLog();

    public OneToOneFrameQueueLookAheadTest()
    {
        for (int i = 0; i < CAPACITY; i++)
        {
            lane.offer(target, new Letter(target, 1));
        }
    }

    @Actor
    public void producer(final III_Result r)
    {
        r.r1 = Letter.offerEach(lane, letters);
    }

    @Actor
    public void consumer()
    {
        lane.drain(racing, 3);
    }

    @Arbiter
    public void check(final III_Result r)
    {
        final RestLog rest = new RestLog(target);
        lane.drain(rest, Integer.MAX_VALUE);
        r.r2 = racing.order;
        r.r3 = rest.broken || rest.earlier != CAPACITY - 3 || !lane.isEmpty() ? -1 : rest.letters;
    }
}
