package io.hotpath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A message sent from one worker to another goes through the sending worker's lane: once handled, it is held by
 * nothing in the engine (the lane's slots, the receiver's mailbox, the drain), so a large message a service has done
 * with is collectable at once, with the engine still running and both workers idle, spinning or parked. A lane's
 * slot keeps its last target (an actor's cell), but a stopped actor's instance is held by nothing in the engine.
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

    /** An actor with state worth collecting. */
    static final class Holder implements Actor<Payload>
    {
        final byte[] state = new byte[1 << 20];
        final AtomicLong handled;

        Holder(final AtomicLong handled)
        {
            this.handled = handled;
        }

        @Override
        public void onMessage(final Payload p)
        {
            handled.incrementAndGet();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"backoff", "busy-spin"})
    void aStoppedActorsInstanceIsHeldNeitherByTheLanesThatCarriedItsMessagesNorByItsRef(final String idle)
        throws Exception
    {
        final AtomicReference<WeakReference<Holder>> instance = new AtomicReference<>();
        final AtomicLong handled = new AtomicLong();
        try (Engine engine = Engine.start(TestEngines.config(2).idle(idle).build()))
        {
            final ActorRef<Payload> receiver = engine.actor((ActorContext<Payload> ctx) ->
            {
                final Holder holder = new Holder(handled);
                instance.set(new WeakReference<>(holder));
                return holder;
            }).onWorker(1).spawn();
            final ActorRef<String> sender = engine.actor((ActorContext<String> ctx) -> (String go) ->
            {
                for (int i = 0; i < MESSAGES; i++)
                {
                    receiver.tell(new Payload(new byte[16]));
                }
            }).onWorker(0).spawn();
            sender.tell("go");
            TestEngines.await("all handled", () -> handled.get() == MESSAGES);
            assertNotNull(instance.get().get(), "alive while running");
            engine.stop(receiver).get(Duration.ofSeconds(5));
            TestEngines.await("the stopped actor's instance collectable, its ref still held (" + idle + ")", () ->
            {
                System.gc();
                return instance.get().get() == null;
            });
            // the ref is still usable: what is sent to the stopped actor is a dead letter, not a crash
            final long deadBefore = engine.stats().totalDeadLetters();
            receiver.tell(new Payload(new byte[16]));
            TestEngines.await("a dead letter", () -> engine.stats().totalDeadLetters() == deadBefore + 1);
            assertEquals(MESSAGES, handled.get());
        }
    }
}
