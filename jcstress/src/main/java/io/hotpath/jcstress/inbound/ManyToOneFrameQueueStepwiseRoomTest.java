package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
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
 * The consumer gives room back in steps (a queue of 32 frames publishes its index every 2 frames of a drain, and at
 * the drain's end): a full queue, a drain of 3 frames racing a producer that offers letters 2, 3 and 4. The producer
 * gets room only as it is published, never a slot whose frame is not yet taken: every letter it was told was accepted
 * is drained afterwards, whole, once, in order, behind the 29 frames left from before.
 * <p>
 * Result: (mask of the letters accepted, bit 1 &lt;&lt; id; frames the racing drain took; the letters drained afterwards
 * as digits, or -1 when a frame was torn, seen twice, or the earlier frames were not all there first).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
@JCStressTest
@Outcome(id = "0, 3, 0", expect = ACCEPTABLE, desc = "The producer read the index before any room was published.")
@Outcome(id = "16, 3, 4", expect = ACCEPTABLE, desc = "Room came for the last offer only.")
@Outcome(id = "24, 3, 34", expect = ACCEPTABLE, desc = "Room came for the last two offers.")
@Outcome(id = "12, 3, 23", expect = ACCEPTABLE_INTERESTING,
    desc = "The producer saw the room of the first step (2 frames) before the drain's end published the third.")
@Outcome(id = "28, 3, 234", expect = ACCEPTABLE, desc = "All three found room.")
@Outcome(expect = FORBIDDEN, desc = "A slot reused before its frame was taken, a frame lost, torn or seen twice, " +
    "or more accepted than the drain made room for.")
@State
public class ManyToOneFrameQueueStepwiseRoomTest
{
    private static final int CAPACITY = 32;
    private final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(CAPACITY);
    private final Object target = new Object();
    private final Letter letter2 = new Letter(target, 2);
    private final Letter letter3 = new Letter(target, 3);
    private final Letter letter4 = new Letter(target, 4);

    public ManyToOneFrameQueueStepwiseRoomTest()
    {
        for (int i = 0; i < CAPACITY; i++)
        {
            queue.offer(target, new Letter(target, 1));
        }
    }

    @Actor
    public void producer(final III_Result r)
    {
        int accepted = 0;
        for (final Letter letter : new Letter[]{letter2, letter3, letter4})
        {
            if (queue.offer(target, letter) == ManyToOneFrameQueue.OK)
            {
                accepted |= 1 << letter.id;
            }
        }
        r.r1 = accepted;
    }

    @Actor
    public void consumer(final III_Result r)
    {
        r.r2 = queue.drain((t, m) -> true, 3);
    }

    @Arbiter
    public void check(final III_Result r)
    {
        final RestLog rest = new RestLog(target);
        queue.drain(rest, Integer.MAX_VALUE);
        r.r3 = rest.broken || rest.earlier != CAPACITY - 3 || !queue.isEmpty() ? -1 : rest.letters;
    }
}
