package io.hotpath.examples.queue;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.AskTimeoutException;
import io.hotpath.DeadLetterReason;
import io.hotpath.Reply;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.TestProbe;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The actor-backed queue on the test kit: every call returns its reply at once, calls apply in the order they
 * arrive, a take waits for an item (or its timeout, in virtual time), and a full queue fails only the offer's reply.
 */
class ActorQueueTest
{
    private ActorTestKit kit;
    private ActorQueue<String> queue;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start(2);
        queue = ActorQueue.start(kit.engine(), "queue", 2);
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    @Test
    void callsReturnAtOnceAndAreAnsweredInTheOrderTheyWereMade()
    {
        final Reply<Integer> e1 = queue.enqueue("a");
        final Reply<Integer> e2 = queue.enqueue("b");
        final Reply<Optional<String>> d1 = queue.tryDequeue();
        final Reply<Optional<String>> d2 = queue.tryDequeue();
        final Reply<Optional<String>> d3 = queue.tryDequeue();
        assertThat(e1.toCompletableFuture()).as("nothing has run yet: the caller was not held").isNotDone();
        assertThat(kit.result(e1)).isEqualTo(1);
        assertThat(kit.result(e2)).isEqualTo(2);
        assertThat(kit.result(d1)).contains("a");
        assertThat(kit.result(d2)).contains("b");
        assertThat(kit.result(d3)).isEmpty();
    }

    @Test
    void aFullQueueFailsTheOffersReplyAndGoesOn()
    {
        kit.result(queue.enqueue("a"));
        kit.result(queue.enqueue("b"));
        assertThat(kit.failure(queue.enqueue("c"))).isInstanceOf(IllegalStateException.class)
            .hasMessage("queue 'queue' is full (2 items)");
        assertThat(kit.result(queue.size())).isEqualTo(2);
        kit.faults().expectNone();
    }

    @Test
    void takersWaitForItemsInTheOrderTheyAskedAndATimedOutTakerIsSkipped()
    {
        final Reply<String> first = queue.take();
        final Reply<String> impatient = queue.take(Duration.ofSeconds(1));
        final Reply<String> third = queue.take();
        assertThat(kit.failure(impatient)).isInstanceOf(AskTimeoutException.class);
        assertThat(first.toCompletableFuture()).isNotDone();
        kit.result(queue.enqueue("x"));
        kit.result(queue.enqueue("y"));
        assertThat(kit.result(first)).isEqualTo("x");
        assertThat(kit.result(third)).isEqualTo("y");
        assertThat(kit.result(queue.size())).as("no item was lost to the taker that gave up").isZero();
        assertThat(kit.deadLetters().expect(DeadLetterReason.LATE_REPLY).message())
            .as("the engine counts the answer the impatient taker no longer waited for").isEqualTo("y");
    }

    @Test
    void anActorUsesTheQueueThroughItsReplysCallbacks()
    {
        final TestProbe<String> out = kit.probe("out");
        final ActorRef<String> consumer = kit.engine().actor((ActorContext<String> ctx) -> (String m) ->
            queue.take().onSuccess(item -> out.ref().tell("took " + item))).name("consumer").onWorker(1).spawn();
        consumer.tell("take one");
        out.expectNoMessage();
        queue.enqueue("job-7");
        out.expectMessage("took job-7");
    }
}
