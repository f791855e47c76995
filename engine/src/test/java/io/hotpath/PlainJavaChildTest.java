package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's core runs on a plain {@code java} command: a child JVM with no flags at all starts an engine, passes
 * messages across workers, closes it, and prints no warning.
 */
class PlainJavaChildTest
{
    @Test
    void engineRunsInAChildJvmWithNoFlagsAndPrintsNoWarning() throws Exception
    {
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            Child.class.getName()));
        assertThat(output).contains("round trips: 10000", "dead letters: 0",
            "await unavailable: --add-exports java.base/jdk.internal.vm=ALL-UNNAMED");
        assertThat(output.toLowerCase(Locale.ROOT)).doesNotContain("warning");
    }

    /** The child: an engine with defaults, a ping-pong across two workers. */
    public static final class Child
    {
        private Child()
        {
        }

        public static void main(final String[] args) throws Exception
        {
            final int rounds = 10_000;
            final CountDownLatch done = new CountDownLatch(1);
            try (Engine engine = Engine.start(EngineConfig.builder().workers(2).build()))
            {
                final java.util.concurrent.atomic.AtomicReference<ActorRef<Integer>> pong =
                    new java.util.concurrent.atomic.AtomicReference<>();
                final ActorRef<Integer> ping = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                {
                    if (n == rounds)
                    {
                        done.countDown();
                    }
                    else
                    {
                        pong.get().tell(n + 1);
                    }
                }).onWorker(0).spawn();
                pong.set(engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ping.tell(n)).onWorker(1).spawn());
                ping.tell(0);
                if (!done.await(30, TimeUnit.SECONDS))
                {
                    throw new IllegalStateException("ping-pong did not finish");
                }
                System.out.println("round trips: " + rounds);
                System.out.println("dead letters: " + engine.deadLetters().count());
                try
                {
                    engine.actor((ActorContext<String> ctx) -> (String m) -> { }).sequential().spawn();
                    System.out.println("a sequential actor started without the flag");
                }
                catch (final UnsupportedOperationException ex)
                {
                    if (!Await.isAvailable() && ex.getMessage().contains(
                        "--add-exports java.base/jdk.internal.vm=ALL-UNNAMED"))
                    {
                        System.out.println("await unavailable: --add-exports java.base/jdk.internal.vm=ALL-UNNAMED");
                    }
                }
            }
        }
    }
}
