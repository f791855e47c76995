package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.ManyToOneFrameQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * An await's spin inside a drain: the handler of frame 1 (the frame in hand) polls {@code takeIfNext} for letter 2
 * (the answer it waits for) while a producer offers letter 2 and letter 3 (another message), in one order or the
 * other. The spin may take letter 2 only when it is the very next frame; the drain then goes on after it, so no
 * frame is lost, seen twice, or taken out of order.
 * <p>
 * Result: (what the spin ended with: 0 nothing yet, 1 taken, 2 another frame next; the frames drained afterwards in
 * order as digits; how often frame 1 reached its handler, always 1).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose, then the arbiter.
 */
public class ManyToOneFrameQueueTakeIfNextTest
{
    private static final int POLLS = 200;

    /** One queue holding frame 1, a consumer whose handler of it spins, and the letters to offer. */
    abstract static class Spin
    {
        final ManyToOneFrameQueue queue = new ManyToOneFrameQueue(4);
        final Object target2 = new Object();
        final Object target3 = new Object();
        final Letter letter2 = new Letter(target2, 2);
        final Letter letter3 = new Letter(target3, 3);
        private int spin;
        private int handledFirst;

        Spin()
        {
            final Object target1 = new Object();
            queue.offer(target1, new Letter(target1, 1));
        }

        final void consume()
        {
            queue.drain((target, message) ->
            {
                handledFirst++;
                int result = ManyToOneFrameQueue.NOTHING_YET;
                for (int i = 0; i < POLLS && result == ManyToOneFrameQueue.NOTHING_YET; i++)
                {
                    result = queue.takeIfNext(target2, letter2);
                }
                spin = result;
                return true;
            }, 1);
        }

        final void judge(final III_Result r)
        {
            final FrameLog log = new FrameLog();
            queue.drain(log, Integer.MAX_VALUE);
            r.r1 = spin;
            r.r2 = log.duplicate || !queue.isEmpty() ? -1 : log.order;
            r.r3 = handledFirst;
        }
    }

    /** The answer is offered first: the spin takes it, or sees nothing yet. */
    @JCStressTest
    @Outcome(id = "1, 3, 1", expect = ACCEPTABLE, desc = "The spin took letter 2; letter 3 drains after it.")
    @Outcome(id = "0, 23, 1", expect = ACCEPTABLE, desc = "Nothing arrived during the spin; both drain in order.")
    @Outcome(expect = FORBIDDEN, desc = "A frame lost, delivered twice, torn, or taken out of order.")
    @State
    public static class AnswerFirst extends Spin
    {
        @Actor
        public void consumer()
        {
            consume();
        }

        @Actor
        public void producer()
        {
            queue.offer(target2, letter2);
            queue.offer(target3, letter3);
        }

        @Arbiter
        public void arbiter(final III_Result r)
        {
            judge(r);
        }
    }

    /** Another message is offered first: the spin gives way (or sees nothing yet) and never takes the answer. */
    @JCStressTest
    @Outcome(id = "2, 32, 1", expect = ACCEPTABLE, desc = "Letter 3 came first: the spin gave way.")
    @Outcome(id = "0, 32, 1", expect = ACCEPTABLE, desc = "Nothing arrived during the spin; both drain in order.")
    @Outcome(expect = FORBIDDEN, desc = "The answer taken ahead of letter 3, or a frame lost, doubled or torn.")
    @State
    public static class OtherFirst extends Spin
    {
        @Actor
        public void consumer()
        {
            consume();
        }

        @Actor
        public void producer()
        {
            queue.offer(target3, letter3);
            queue.offer(target2, letter2);
        }

        @Arbiter
        public void arbiter(final III_Result r)
        {
            judge(r);
        }
    }
}
