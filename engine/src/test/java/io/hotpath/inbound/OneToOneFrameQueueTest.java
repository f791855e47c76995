package io.hotpath.inbound;

import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lane between two threads: the producer's plain claim never hands the consumer a frame twice, out of order or
 * torn, and never reuses a slot whose frame is not yet taken; at the end each side finishes once and the second
 * takes what is left, so every frame accepted is taken exactly once.
 */
class OneToOneFrameQueueTest
{
    /** A frame's message: its sequence number and the target it was offered with. */
    record Numbered(Object target, long sequence)
    {
    }

    @Test
    void aFullLaneRefusesAndTakesAgainOnceItsRoomIsBack()
    {
        final Object target = new Object();
        final OneToOneFrameQueue lane = new OneToOneFrameQueue(4);
        for (int i = 0; i < 4; i++)
        {
            assertEquals(FrameQueue.OK, lane.offer(target, new Numbered(target, i)));
        }
        assertEquals(FrameQueue.FULL, lane.offer(target, new Numbered(target, 4)));
        assertEquals(4, lane.size());
        assertFalse(lane.isEmpty());
        final long[] next = {0};
        assertEquals(2, lane.drain((t, m) ->
        {
            assertEquals(next[0]++, ((Numbered)m).sequence());
            return next[0] < 2;
        }, 10));
        assertEquals(FrameQueue.OK, lane.offer(target, new Numbered(target, 4)));
        assertEquals(3, lane.drain((t, m) -> true, 10));
        assertTrue(lane.isEmpty());
        assertEquals(0, lane.size());
    }

    /**
     * A producer thread offers bursts of random length into a small lane, retrying a refused frame, now and then to
     * another of three targets (runs for one target both shorter and longer than a lap, so a slot's target is
     * written, or kept from the lap before), while the consumer drains with random limits and now and then takes the
     * next frame with {@code takeIfNext}; at a random point both finish. Every frame accepted is counted once, in
     * order, whole: with the target it was offered with.
     */
    @RepeatedTest(5)
    void everyFrameAcceptedIsTakenOnceInOrderAndTheSecondToFinishTakesTheRest() throws Exception
    {
        final SplittableRandom seeds = new SplittableRandom();
        final long producerSeed = seeds.nextLong();
        final long consumerSeed = seeds.nextLong();
        final Object[] targets = {new Object(), new Object(), new Object()};
        final Object target = targets[0];
        final OneToOneFrameQueue lane = new OneToOneFrameQueue(16);
        final long frames = 200_000 + new SplittableRandom(producerSeed).nextInt(100_000);
        final AtomicLong accepted = new AtomicLong();
        final AtomicBoolean consumerDone = new AtomicBoolean();
        final Check check = new Check();
        final Thread producer = new Thread(() ->
        {
            final SplittableRandom random = new SplittableRandom(producerSeed);
            long sequence = 0;
            Object to = target;
            while (sequence < frames && !consumerDone.get())
            {
                final int burst = 1 + random.nextInt(40);
                if (random.nextInt(4) == 0)
                {
                    to = targets[random.nextInt(targets.length)];
                }
                for (int i = 0; i < burst && sequence < frames; i++)
                {
                    if (lane.offer(to, new Numbered(to, sequence)) != FrameQueue.OK)
                    {
                        Thread.onSpinWait();
                        break;
                    }
                    sequence++;
                }
            }
            accepted.set(sequence);
            if (lane.finishSide())
            {
                lane.drain(check, Integer.MAX_VALUE);
            }
        }, "lane-producer");
        producer.start();
        final SplittableRandom random = new SplittableRandom(consumerSeed);
        // the consumer stops at a random point, possibly before the producer has ended
        final long stopAt = random.nextLong(frames + 1);
        while (check.taken < stopAt)
        {
            if (random.nextInt(8) == 0)
            {
                final Numbered expected = new Numbered(target, check.taken);
                // by identity only: an equal record is not the frame's, so the head is never taken this way
                assertTrue(lane.takeIfNext(target, expected) != FrameQueue.TAKEN);
            }
            lane.drain(check, 1 + random.nextInt(24));
        }
        // as a worker that finishes first: the producer's later frames fill the lane, and it stops (a worker's
        // outbound backlog would keep them), then takes what is left
        consumerDone.set(true);
        if (lane.finishSide())
        {
            lane.drain(check, Integer.MAX_VALUE);
        }
        producer.join();
        final String seedsUsed = " (seeds " + producerSeed + ", " + consumerSeed + ")";
        assertTrue(accepted.get() >= stopAt, "frames accepted" + seedsUsed);
        assertEquals(0, check.broken, "frames torn or out of order" + seedsUsed);
        assertEquals(accepted.get(), check.taken,
            "frames taken, once each, by the consumer or the producer after it" + seedsUsed);
        assertTrue(lane.isEmpty());
    }

    /**
     * Counts the frames taken and checks their order and targets; one thread at a time (the lane's consumer part).
     */
    private static final class Check implements FrameHandler
    {
        long taken;
        long broken;

        @Override
        public boolean onFrame(final Object to, final Object message)
        {
            final Numbered m = (Numbered)message;
            if (to != m.target() || m.sequence() != taken)
            {
                broken++;
            }
            taken++;
            return true;
        }
    }
}
