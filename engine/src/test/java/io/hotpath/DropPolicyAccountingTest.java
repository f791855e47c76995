package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Under the drop policy every message is counted once: delivered, or a dead letter, never both; a dropped question
 * never reaches its handler, and its ask fails exactly once, also when an actor asks itself.
 */
class DropPolicyAccountingTest
{
    @Test
    void anActorThatAsksItselfWithAFullMailboxHearsTheDropAndNeverGetsTheQuestion() throws Exception
    {
        final EngineConfig config = TestEngines.config(1).mailboxCapacity(2).fullQueuePolicy(FullQueuePolicy.DROP)
            .build();
        try (Engine engine = Engine.start(config))
        {
            final AtomicInteger questions = new AtomicInteger();
            final AtomicReference<Throwable> heard = new AtomicReference<>();
            final ActorRef<String> self = engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                switch (m)
                {
                    case "go" ->
                    {
                        // the actor is running: its own tells fill its mailbox
                        ctx.self().tell("fill");
                        ctx.self().tell("fill");
                        ctx.self().<String>ask("question").onComplete((value, error) -> heard.set(error));
                    }
                    case "question" ->
                    {
                        questions.incrementAndGet();
                        ctx.reply("answer");
                    }
                    default ->
                    {
                    }
                }
            }).name("self-asker").spawn();
            self.tell("go");
            TestEngines.await("the ask's callback ran", () -> heard.get() != null);
            assertThat(heard.get()).isInstanceOf(UndeliveredException.class);
            assertThat(((UndeliveredException)heard.get()).reason()).isEqualTo(DeadLetterReason.QUEUE_FULL);
            // a round trip after the callback: anything queued behind it has run
            assertThat(self.<String>ask("question").get(Duration.ofSeconds(20))).isEqualTo("answer");
            assertThat(questions.get()).as("the dropped question reached the handler").isEqualTo(1);
            assertThat(engine.deadLetters().count(DeadLetterReason.QUEUE_FULL)).isEqualTo(1);
            assertThat(engine.deadLetters().count(DeadLetterReason.LATE_REPLY)).isZero();
        }
    }

    /** A numbered tell, or a numbered question. */
    record Tell(int id)
    {
    }

    record Question(int id)
    {
    }

    @Test
    void randomTellsAndAsksThroughTinyQueuesAreEachCountedOnceAndEveryAskEndsOnce() throws Exception
    {
        final int actors = 6;
        final int rounds = 400;
        final int perRound = 8;
        final int most = actors * rounds * perRound + actors * rounds;
        final AtomicIntegerArray delivered = new AtomicIntegerArray(most);
        final AtomicIntegerArray dead = new AtomicIntegerArray(most);
        final AtomicIntegerArray completed = new AtomicIntegerArray(most);
        final AtomicIntegerArray isAsk = new AtomicIntegerArray(most);
        final AtomicInteger nextId = new AtomicInteger();
        final Map<Reply<?>, Integer> askOf = new ConcurrentHashMap<>();
        final List<DeadLetterReason> otherReasons = new CopyOnWriteArrayList<>();
        final EngineConfig config = TestEngines.config(2).mailboxCapacity(2).inboundCapacity(8).inboundLaneCapacity(2)
            .outboundCapacity(2).batchBudget(2).fullQueuePolicy(FullQueuePolicy.DROP).build();
        try (Engine engine = Engine.start(config))
        {
            engine.deadLetters().addListener((target, message, reason) ->
            {
                if (reason != DeadLetterReason.QUEUE_FULL)
                {
                    otherReasons.add(reason);
                }
                if (message instanceof Tell tell)
                {
                    dead.incrementAndGet(tell.id());
                }
                else if (message instanceof Reply<?> reply && askOf.containsKey(reply))
                {
                    dead.incrementAndGet(askOf.get(reply));
                }
            });
            @SuppressWarnings({"unchecked", "rawtypes"})
            final ActorRef<Object>[] refs = new ActorRef[actors];
            for (int a = 0; a < actors; a++)
            {
                final int self = a;
                refs[a] = engine.actor((ActorContext<Object> ctx) ->
                {
                    final SplittableRandom random = new SplittableRandom(self);
                    return (Object m) ->
                    {
                        if (m instanceof Tell tell)
                        {
                            delivered.incrementAndGet(tell.id());
                            if (tell.id() % 7 != 0)
                            {
                                return;
                            }
                            // some tells start a burst of sends to random actors, itself among them
                            for (int i = 0; i < perRound; i++)
                            {
                                final int id = nextId.getAndIncrement();
                                final ActorRef<Object> to = refs[random.nextInt(actors)];
                                if (random.nextBoolean())
                                {
                                    to.tell(new Tell(id));
                                }
                                else
                                {
                                    isAsk.set(id, 1);
                                    final Reply<Integer> reply = new Reply<>();
                                    askOf.put(reply, id);
                                    to.ask(new Question(id), reply)
                                        .onComplete((value, error) -> completed.incrementAndGet(id));
                                }
                            }
                        }
                        else if (m instanceof Question question)
                        {
                            delivered.incrementAndGet(question.id());
                            ctx.reply(question.id());
                        }
                    };
                }).name("a" + a).onWorker(a % 2).spawn();
            }
            final SplittableRandom outside = new SplittableRandom(42);
            for (int r = 0; r < rounds; r++)
            {
                for (int a = 0; a < actors; a++)
                {
                    final int id = nextId.getAndIncrement();
                    refs[outside.nextInt(actors)].tell(new Tell(id));
                }
                if (r % 50 == 0)
                {
                    TimeUnit.MILLISECONDS.sleep(1);
                }
            }
            final int sent = nextId.get();
            TestEngines.await("every message delivered or dead, every ask ended", () ->
            {
                for (int id = 0; id < nextId.get(); id++)
                {
                    if (delivered.get(id) + dead.get(id) == 0 || isAsk.get(id) == 1 && completed.get(id) == 0)
                    {
                        return false;
                    }
                }
                return true;
            });
            assertThat(nextId.get()).isLessThanOrEqualTo(most);
            int asks = 0;
            int dropped = 0;
            for (int id = 0; id < nextId.get(); id++)
            {
                assertThat(delivered.get(id) + dead.get(id)).as("message %d counted once", id).isEqualTo(1);
                if (isAsk.get(id) == 1)
                {
                    asks++;
                    assertThat(completed.get(id)).as("ask %d completed once", id).isEqualTo(1);
                }
                dropped += dead.get(id);
            }
            assertThat(otherReasons).as("dead letters other than QUEUE_FULL").isEmpty();
            assertThat(asks).isPositive();
            assertThat(dropped).as("the queues were small enough to drop some").isPositive();
            assertThat(sent).isPositive();
        }
    }
}
