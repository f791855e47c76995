package io.hotpath.jcstress.inbound;

import io.hotpath.inbound.OneToOneFrameLane;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A consumer that drains a frame from a lane sees everything the producer wrote before offering it: the message's
 * plain fields and the frame's target. The producer's release store of the message slot pairs with the consumer's
 * acquire load, with no CAS on either side.
 * <p>
 * Result: (frames drained, message field a, message field b, 1 when the frame's target was the offered one).
 * <p>
 * Not thread safe by itself: jcstress runs the actors concurrently on one instance on purpose.
 */
@JCStressTest
@Outcome(id = "0, -1, -1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the frame was published.")
@Outcome(id = "1, 1, 2, 1", expect = ACCEPTABLE, desc = "Frame drained, with every write made before the offer.")
@Outcome(expect = FORBIDDEN,
    desc = "The consumer saw a frame without the writes made before its offer, or with the wrong target.")
@State
public class OneToOneFrameLanePublicationTest
{
    /** Mutable on purpose, as a re-used message is: plain fields, written before the offer. */
    static final class Payload
    {
        int a;
        int b;
    }

    private final OneToOneFrameLane lane = new OneToOneFrameLane(2);
    private final Object target = new Object();

    @Actor
    public void producer()
    {
        final Payload payload = new Payload();
        payload.a = 1;
        payload.b = 2;
        lane.offer(target, payload);
    }

    @Actor
    public void consumer(final IIII_Result r)
    {
        r.r2 = -1;
        r.r3 = -1;
        r.r4 = -1;
        r.r1 = lane.drain((frameTarget, message) ->
        {
            final Payload payload = (Payload)message;
            r.r2 = payload.a;
            r.r3 = payload.b;
            r.r4 = frameTarget == target ? 1 : 0;
            return true;
        }, 1);
    }
}
