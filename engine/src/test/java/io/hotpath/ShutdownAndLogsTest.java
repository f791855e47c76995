package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What happens at the edges of a service's life, each in a child JVM as a user's program would run: returning from
 * main without closing, the opt-in shutdown hook, and the logs of a handler that throws on every message.
 */
class ShutdownAndLogsTest
{
    @Test
    void returningFromMainWithoutCloseKeepsDeliveringOnNonDaemonWorkers() throws Exception
    {
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            ForgetfulMain.class.getName(), "default"));
        // main returned; the queued work was still delivered, then the program ended itself
        assertThat(output).contains("main returned", "delivered 1000 after main returned");
    }

    @Test
    void theShutdownHookClosesTheEngineAndSaysWhatItCouldNotDeliver() throws Exception
    {
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            ForgetfulMain.class.getName(), "hook"));
        assertThat(output).contains("exiting", "the JVM is shutting down: engine ", " closed;",
            "could not be delivered", "close_timeout=");
    }

    @Test
    void aHandlerThatThrowsOnEveryMessageLogsABoundedNumberOfLines() throws Exception
    {
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            Thrower.class.getName()));
        final long faultLines = output.lines().filter(line -> line.contains("threw java.lang.IllegalStateException"))
            .count();
        final String elapsed = output.lines().filter(line -> line.startsWith("elapsed ms ")).findFirst().orElseThrow();
        final long seconds = Long.parseLong(elapsed.substring("elapsed ms ".length())) / 1000 + 2;
        assertThat(output).contains("handled 1000000");
        assertTrue(faultLines <= seconds * io.hotpath.runtime.Logs.LINES_PER_SECOND,
            faultLines + " fault lines in about " + seconds + " s");
        assertTrue(faultLines >= 1, "the faults are logged");
        assertThat(output).contains("similar lines left out");
    }

    /** A program that forgets to close its engine, or relies on the shutdown hook. */
    public static final class ForgetfulMain
    {
        private ForgetfulMain()
        {
        }

        public static void main(final String[] args) throws Exception
        {
            final boolean hook = "hook".equals(args[0]);
            // logging starts during the shutdown here, from the hook alone: the platform MBean server (jmx) would
            // create java.util.logging's LogManager before, whose own hook resets its handlers while the engine's
            // still closes; and a stall report (a batch of 5 ms handlers is a long turn) written from another thread
            // while the hook's line is written leaves that line queued by the JDK's bootstrap logger, never printed
            final Engine engine = Engine.start(EngineConfig.builder().workers(1).closeOnShutdown(hook).jmx(false)
                .stallThresholdNs(0)
                .closeTimeoutNs(TimeUnit.MILLISECONDS.toNanos(200)).build());
            final CountDownLatch started = new CountDownLatch(1);
            final int[] delivered = {0};
            final ActorRef<Integer> slow = engine.spawn("slow", (ActorContext<Integer> ctx) -> (Integer n) ->
            {
                started.countDown();
                Thread.sleep(hook ? 5 : 1);
                if (++delivered[0] == 1000)
                {
                    System.out.println("delivered 1000 after main returned");
                    System.out.flush();
                    Runtime.getRuntime().halt(0);
                }
            });
            for (int i = 0; i < 1000; i++)
            {
                slow.tell(i);
            }
            started.await();
            if (hook)
            {
                // about 5 s of work queued, 200 ms to deliver it: the hook closes and reports the rest
                System.out.println("exiting");
                System.exit(0);
            }
            System.out.println("main returned");
        }
    }

    /** A handler that throws on every one of a million messages. */
    public static final class Thrower
    {
        private Thrower()
        {
        }

        public static void main(final String[] args) throws Exception
        {
            final long startNs = System.nanoTime();
            try (Engine engine = Engine.start(EngineConfig.builder().workers(1).build()))
            {
                final ActorRef<Integer> thrower = engine.spawn("thrower", (ActorContext<Integer> ctx) -> (Integer n) ->
                {
                    throw new IllegalStateException("fails on " + n);
                });
                for (int i = 0; i < 1_000_000; i++)
                {
                    thrower.tell(i);
                    if (i == 500_000)
                    {
                        // into the next second of the rate limit, whose first line says how many were left out
                        Thread.sleep(1_200);
                    }
                }
                final ActorRef<Integer> marker = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                    ctx.reply(n)).nextTo(thrower).spawn();
                marker.<Integer>ask(1).get(Duration.ofSeconds(60));
                while (engine.stats().actors().stream().filter(a -> a.name().equals("thrower"))
                    .mapToLong(a -> a.handled()).sum() < 1_000_000)
                {
                    Thread.sleep(10);
                }
                System.out.println("handled 1000000");
            }
            System.out.println("elapsed ms " + (System.nanoTime() - startNs) / 1_000_000);
        }
    }
}
