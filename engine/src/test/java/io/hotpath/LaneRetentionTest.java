package io.hotpath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A message sent from one worker to another goes through the sending worker's lane: once handled, it is held by
 * nothing in the engine (the lane's slots, the receiver's mailbox, the drain), so a large message a service has done
 * with is collectable at once, with the engine still running and both workers idle, spinning or parked.
 */
class LaneRetentionTest
{
    private static final int MESSAGES = 100;

    /** A message with a payload worth collecting. */
    record Payload(byte[] bytes)
    {
    }

    @ParameterizedTest
    @ValueSource(strings = {"backoff", "busy-spin"})
    void aHandledMessageIsNotHeldByTheLaneItCameThrough(final String idle) throws Exception
    {
        final List<WeakReference<Payload>> sent = new CopyOnWriteArrayList<>();
        final AtomicLong handled = new AtomicLong();
        try (Engine engine = Engine.start(TestEngines.config(2).idle(idle).build()))
        {
            final ActorRef<Payload> receiver = engine.actor((ActorContext<Payload> ctx) -> (Payload p) ->
                handled.incrementAndGet()).onWorker(1).spawn();
            final ActorRef<String> sender = engine.actor((ActorContext<String> ctx) -> (String go) ->
            {
                for (int i = 0; i < MESSAGES; i++)
                {
                    final Payload payload = new Payload(new byte[1024]);
                    sent.add(new WeakReference<>(payload));
                    receiver.tell(payload);
                }
            }).onWorker(0).spawn();
            sender.tell("go");
            TestEngines.await("all handled", () -> handled.get() == MESSAGES);
            TestEngines.await("every handled message collectable with the engine still running (" + idle + ")", () ->
            {
                System.gc();
                return sent.stream().allMatch((ref) -> ref.get() == null);
            });
        }
    }
}
