package io.hotpath.inbound;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The consumer's side of the inbound queue on one thread: {@code takeIfNext} takes only the very next frame, looks
 * past the frame in a drain's hands, and the drain goes on after what it took.
 */
class ManyToOneFrameQueueTest
{
    private final Object a = new Object();
    private final Object b = new Object();

    @Test
    void takeIfNextTakesOnlyTheNextFrameAndOnlyWhenItMatches()
    {
        final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
        assertEquals(ManyToOneFrameQueue.NOTHING_YET, queue.takeIfNext(a, "answer"));
        queue.offer(b, "other");
        queue.offer(a, "answer");
        assertEquals(ManyToOneFrameQueue.OTHER_NEXT, queue.takeIfNext(a, "answer"), "another frame is ahead");
        final List<String> drained = new ArrayList<>();
        queue.drain((target, message) -> drained.add((String)message), 1);
        assertEquals(ManyToOneFrameQueue.OTHER_NEXT, queue.takeIfNext(a, "other"), "same message, other target");
        assertEquals(ManyToOneFrameQueue.TAKEN, queue.takeIfNext(a, "answer"));
        assertTrue(queue.isEmpty());
        assertEquals(List.of("other"), drained);
    }

    @Test
    void aTakeFromInsideADrainReleasesTheFrameInHandAndTheDrainGoesOnAfterIt()
    {
        final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
        for (int round = 0; round < 3; round++)
        {
            queue.offer(b, "question");
            queue.offer(a, "answer");
            queue.offer(b, "later");
            final List<String> drained = new ArrayList<>();
            final int taken = queue.drain((target, message) ->
            {
                drained.add((String)message);
                if ("question".equals(message))
                {
                    drained.add("took " + queue.takeIfNext(a, "answer"));
                }
                return true;
            }, 10);
            assertEquals(List.of("question", "took " + ManyToOneFrameQueue.TAKEN, "later"), drained);
            assertEquals(2, taken, "frames handed to the handler");
            assertTrue(queue.isEmpty());
            assertEquals(0, queue.size());
        }
    }
}
