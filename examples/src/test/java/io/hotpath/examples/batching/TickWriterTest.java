package io.hotpath.examples.batching;

import io.hotpath.ActorRef;
import io.hotpath.testkit.ActorTestKit;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The writer on the test kit, whose workers run only when the test says: ticks sent before the worker runs wait in
 * its inbound queue as one batch and are written at once; a tick alone is a batch of one; nothing stays buffered.
 */
class TickWriterTest
{
    @Test
    void aBurstThatWaitsTogetherIsOneWriteAndALoneTickIsOne()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final ActorRef<Object> writer = TickWriter.spawn(kit.engine(), "writer", 0);
            for (long seq = 0; seq < 10; seq++)
            {
                writer.tell(new TickWriter.Tick(seq, 100));
            }
            kit.runUntilIdle();
            TickWriter.Written written = kit.result(writer.ask(TickWriter.WRITTEN));
            assertThat(written.seqs()).containsExactlyElementsOf(LongStream.range(0, 10).boxed().toList());
            assertThat(written.writes()).as("ten ticks that waited together").isEqualTo(1);

            writer.tell(new TickWriter.Tick(10, 100));
            kit.runUntilIdle();
            written = kit.result(writer.ask(TickWriter.WRITTEN));
            assertThat(written.writes()).as("a tick alone").isEqualTo(2);
            assertThat(written.seqs()).hasSize(11);
            assertThat(written.buffered()).isZero();
        }
    }

    @Test
    void aBatchEndsWhereAnotherActorsFrameComes()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final ActorRef<Object> first = TickWriter.spawn(kit.engine(), "first", 0);
            final ActorRef<Object> second = TickWriter.spawn(kit.engine(), "second", 0);
            // first, first, second, first: the inbound queue holds three runs
            for (final ActorRef<Object> to : List.of(first, first, second, first))
            {
                to.tell(new TickWriter.Tick(0, 100));
            }
            kit.runUntilIdle();
            assertThat(kit.result(first.<TickWriter.Written>ask(TickWriter.WRITTEN)).writes()).isEqualTo(2);
            assertThat(kit.result(second.<TickWriter.Written>ask(TickWriter.WRITTEN)).writes()).isEqualTo(1);
        }
    }
}
