package io.hotpath;

import io.hotpath.observe.LogCapture;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every capacity the configuration accepts can be built, or fails with a message that says what it needs: the
 * validator's bounds are the ones the arrays allow, and a queue the heap has no room for is said plainly (at start
 * for an inbound queue; a lane falls back to the inbound queue it stands in for). This test JVM has a 512 MB heap.
 */
class CapacityBoundsTest
{
    @Test
    void theBoundsAreTheOnesTheArraysAllow()
    {
        assertThatThrownBy(() -> EngineConfig.builder().inboundCapacity(1 << 30).build())
            .isInstanceOf(ConfigException.class).hasMessageContaining("inbound.capacity")
            .hasMessageContaining("536,870,912 (2^29)");
        assertThatThrownBy(() -> EngineConfig.builder().inboundLaneCapacity(1 << 30).build())
            .isInstanceOf(ConfigException.class).hasMessageContaining("inbound.laneCapacity");
        assertThat(EngineConfig.builder().inboundCapacity(1 << 29).inboundLaneCapacity(1 << 29)
            .mailboxCapacity(1 << 30).build().mailboxCapacity()).isEqualTo(1 << 30);
    }

    @Test
    void anInboundQueueTheHeapCannotHoldFailsTheStartSayingWhatItNeeds()
    {
        assertThatThrownBy(() -> Engine.start(TestEngines.config(1).inboundCapacity(1 << 29).build()))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("inbound.capacity 536870912")
            .hasMessageContaining("raise the heap");
    }

    @Test
    void aLaneTheHeapCannotHoldLeavesItsSendsOnTheInboundQueue() throws Exception
    {
        try (LogCapture workers = new LogCapture("io.hotpath.workers");
             Engine engine = Engine.start(TestEngines.config(2).inboundLaneCapacity(1 << 29)
                 .mailboxCapacity(1 << 30).build()))
        {
            final ActorRef<Integer> doubler = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                ctx.reply(n * 2)).onWorker(1).spawn();
            final ActorRef<Integer> asker = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                final Reply<Integer> answer = ctx.replyLater();
                doubler.<Integer>ask(n).onComplete((value, error) -> answer.complete(value));
            }).onWorker(0).spawn();
            assertThat(asker.<Integer>ask(21).get(Duration.ofSeconds(20))).isEqualTo(42);
            TestEngines.await("the worker says its lane could not be made",
                () -> !workers.containing("could not make its lane").isEmpty());
            assertThat(engine.deadLetters().count()).isZero();
        }
    }
}
