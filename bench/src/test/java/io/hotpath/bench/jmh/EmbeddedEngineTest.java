package io.hotpath.bench.jmh;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EmbeddedEngineTest
{
    @Test
    void ownerThreadSendsRunByDirectHandoffAndThePathCheckSaysSo()
    {
        final List<Object> seen = new ArrayList<>();
        try (EmbeddedEngine engine = new EmbeddedEngine(EngineConfig.builder().workers(1).idle("busy-spin")))
        {
            final ActorRef<Object> sink =
                engine.engine().actor((ActorContext<Object> ctx) -> seen::add).onWorker(0).spawn();
            for (int i = 0; i < 10; i++)
            {
                sink.tell(i);
                assertEquals(i + 1, seen.size(), "handled on the sender's stack, before tell returned");
            }
            assertEquals(10, engine.requirePath(sink, true));
            final IllegalStateException wrong = assertThrows(IllegalStateException.class,
                () -> engine.requirePath(sink, false));
            assertTrue(wrong.getMessage().contains("another path"), wrong.getMessage());
        }
    }

    @Test
    void withoutHandoffSendsWaitForTheDutyCycleAndCountAsReschedules()
    {
        final List<Object> seen = new ArrayList<>();
        try (EmbeddedEngine engine = new EmbeddedEngine(
            EngineConfig.builder().workers(1).idle("busy-spin").handoffMaxDepth(0)))
        {
            final ActorRef<Object> sink =
                engine.engine().actor((ActorContext<Object> ctx) -> seen::add).onWorker(0).spawn();
            for (int i = 0; i < LocalPathBenchmark.BATCH; i++)
            {
                sink.tell(i);
            }
            assertEquals(0, seen.size(), "queued, not run");
            engine.invoker().doWork();
            assertEquals(LocalPathBenchmark.BATCH, seen.size());
            assertEquals(LocalPathBenchmark.BATCH, engine.requirePath(sink, false));
            assertThrows(IllegalStateException.class, () -> engine.requirePath(sink, true));
        }
    }

    @Test
    void anotherThreadCannotDriveTheWorker() throws Exception
    {
        try (EmbeddedEngine engine = new EmbeddedEngine(EngineConfig.builder().workers(1).idle("busy-spin")))
        {
            final Throwable[] thrown = new Throwable[1];
            final Thread other = new Thread(() ->
            {
                try
                {
                    engine.claim();
                }
                catch (final Throwable ex)
                {
                    thrown[0] = ex;
                }
            });
            other.start();
            other.join();
            assertTrue(thrown[0] instanceof IllegalStateException, String.valueOf(thrown[0]));
        }
    }

    @Test
    void nothingHandledMeansTheBenchmarkMeasuredNothing()
    {
        assertThrows(IllegalStateException.class, () -> EmbeddedEngine.requireSome(0));
        EmbeddedEngine.requireSome(1);
    }
}
