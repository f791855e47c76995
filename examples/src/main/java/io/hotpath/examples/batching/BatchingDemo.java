package io.hotpath.examples.batching;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A feed thread sends ticks in bursts to a writer on a worker; the writer writes once per batch it finds waiting
 * ({@code ActorContext.endOfBatch}), so a burst costs a few writes, not one per tick, and nothing stays buffered after
 * the last one. Main thread only.
 */
public final class BatchingDemo
{
    private static final int BURSTS = 200;
    private static final int BURST = 500;

    private BatchingDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").build()))
        {
            final ActorRef<Object> writer = TickWriter.spawn(engine, "writer", 0);
            long seq = 0;
            for (int b = 0; b < BURSTS; b++)
            {
                for (int i = 0; i < BURST; i++)
                {
                    writer.tell(new TickWriter.Tick(seq++, 100_000 + (seq % 17)));
                }
                LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
            }
            final TickWriter.Written written = writer.<TickWriter.Written>ask(TickWriter.WRITTEN)
                .get(Duration.ofSeconds(30));
            boolean inOrder = written.seqs().size() == seq;
            for (int i = 0; inOrder && i < written.seqs().size(); i++)
            {
                inOrder = written.seqs().get(i) == i;
            }
            System.out.printf("%,d ticks in %,d writes (%.1f ticks a write); still buffered: %d; every tick once, in " +
                "order: %b%n", written.seqs().size(), written.writes(), (double)written.seqs().size() / written.writes(),
                written.buffered(), inOrder);
        }
    }
}
