package io.hotpath.inbound;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lane between two workers on one thread: frames come out in order over many laps, a full lane refuses until the
 * consumer's drain has made room, {@code takeIfNext} looks past the frame in hand, and at the end the frames left
 * are counted by the end that finishes last.
 */
class OneToOneFrameLaneTest
{
    private final Object a = new Object();
    private final Object b = new Object();

    @Test
    void framesComeOutInOrderOverManyLapsAndAFullLaneRefusesUntilDrained()
    {
        final OneToOneFrameLane lane = new OneToOneFrameLane(4);
        final List<Integer> drained = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < 50; round++)
        {
            while (lane.offer(a, next))
            {
                next++;
            }
            assertEquals(4, lane.size(), "full at its capacity");
            assertFalse(lane.isEmpty());
            lane.drain((target, message) -> drained.add((Integer)message), 1 + round % 4);
        }
        lane.drain((target, message) -> drained.add((Integer)message), Integer.MAX_VALUE);
        assertTrue(lane.isEmpty());
        assertEquals(0, lane.size());
        assertEquals(next, drained.size());
        for (int i = 0; i < drained.size(); i++)
        {
            assertEquals(i, drained.get(i));
        }
    }

    @Test
    void aTakeFromInsideADrainReleasesTheFrameInHandAndTheDrainGoesOnAfterIt()
    {
        final OneToOneFrameLane lane = new OneToOneFrameLane(4);
        for (int round = 0; round < 3; round++)
        {
            assertEquals(ManyToOneFrameQueue.NOTHING_YET, lane.takeIfNext(a, "answer"));
            lane.offer(b, "question");
            lane.offer(a, "answer");
            lane.offer(b, "later");
            assertEquals(ManyToOneFrameQueue.OTHER_NEXT, lane.takeIfNext(a, "answer"), "another frame is ahead");
            final List<String> drained = new ArrayList<>();
            final int taken = lane.drain((target, message) ->
            {
                drained.add((String)message);
                if ("question".equals(message))
                {
                    drained.add("took " + lane.takeIfNext(a, "answer"));
                }
                return true;
            }, 10);
            assertEquals(List.of("question", "took " + ManyToOneFrameQueue.TAKEN, "later"), drained);
            assertEquals(2, taken, "frames handed to the handler");
            assertTrue(lane.isEmpty());
            assertEquals(0, lane.size());
        }
    }

    @Test
    void theEndThatFinishesLastCountsWhatIsLeft()
    {
        final OneToOneFrameLane consumerLast = new OneToOneFrameLane(4);
        consumerLast.offer(a, "one");
        assertFalse(consumerLast.producerDone(), "the consumer has not finished: it will count");
        final List<Object> counted = new ArrayList<>();
        consumerLast.drain((target, message) -> counted.add(message), Integer.MAX_VALUE);
        assertTrue(consumerLast.consumerDone(), "the producer had finished: drain once more");
        assertEquals(List.of("one"), counted);

        final OneToOneFrameLane producerLast = new OneToOneFrameLane(4);
        producerLast.offer(a, "taken");
        producerLast.drain((target, message) -> true, Integer.MAX_VALUE);
        assertFalse(producerLast.consumerDone(), "the producer has not finished: it will count");
        producerLast.offer(a, "late");
        producerLast.offer(b, "later");
        assertTrue(producerLast.isConsumerDone());
        assertTrue(producerLast.producerDone(), "the consumer had finished: the producer counts");
        final List<Object> left = new ArrayList<>();
        assertEquals(2, producerLast.takeLeftovers((target, message) -> left.add(message)));
        assertEquals(List.of("late", "later"), left);
        assertEquals(0, producerLast.size());
    }
}
