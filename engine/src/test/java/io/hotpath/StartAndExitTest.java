package io.hotpath;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program's start and its end, each in a child JVM as a user's program runs: the work of starting up (class
 * loading, a logging framework setting itself up, first lambdas and switches) is no stall while a real block is one;
 * {@code System.exit} from a handler, and SIGTERM, end the JVM promptly with {@code close.onShutdown}, saying what
 * could not be delivered.
 */
class StartAndExitTest
{
    @Test
    void startUpWorkIsNoStallButARealBlockIsReportedOnce() throws Exception
    {
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            StartingUp.class.getName()));
        assertThat(output).contains("started", "blocked");
        assertThat(output.lines().filter(line -> line.contains("is stalled")).toList())
            .as("stall reports in:\n%s", output).hasSize(1);
        assertThat(output).contains("is stalled: a turn of actor 'blocker'");
        // the same program without the grace: its start-up is longer than the stall threshold, so it is reported
        final String withoutGrace = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            StartingUp.class.getName(), "no-grace"));
        assertThat(withoutGrace).contains("is stalled: a turn of actor 'app'", "is stalled: a turn of actor 'blocker'");
    }

    @Test
    void systemExitFromAHandlerEndsTheJvmWithinTheCloseTimeoutAndSaysWhatWasLost() throws Exception
    {
        final long startNs = System.nanoTime();
        final String output = ChildJvm.run(List.of("-cp", System.getProperty("java.class.path"),
            Exiting.class.getName(), "exit"));
        final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
        assertThat(output).contains("exiting", "it called System.exit", "could not be delivered");
        assertThat(tookMs).as("the JVM's exit waited for the exiting worker").isLessThan(30_000);
    }

    @Test
    void sigtermClosesTheEngineAndSaysWhatWasLost() throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(System.getProperty("java.home") + File.separator + "bin" +
            File.separator + "java", "-cp", System.getProperty("java.class.path"), Exiting.class.getName(), "wait"));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final StringBuilder output = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
            StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = reader.readLine()) != null)
            {
                output.append(line).append('\n');
                if (line.equals("ready"))
                {
                    process.toHandle().destroy();
                }
            }
        }
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(output.toString()).contains("ready", "the JVM is shutting down", "could not be delivered",
            "close_timeout=");
    }

    /** A program whose actors start up (slow first turns), then block once for real. */
    public static final class StartingUp
    {
        private StartingUp()
        {
        }

        sealed interface Shape permits Circle, Square
        {
        }

        record Circle(double r) implements Shape
        {
        }

        record Square(double side) implements Shape
        {
        }

        public static void main(final String[] args) throws Exception
        {
            final EngineConfig.Builder config = EngineConfig.builder().workers(1).jmx(false);
            if (args.length > 0 && args[0].equals("no-grace"))
            {
                config.stallGraceNs(0);
            }
            try (Engine engine = Engine.start(config.build()))
            {
                final CountDownLatch done = new CountDownLatch(2);
                final ActorRef<String> app = engine.spawn("app", (ActorContext<String> ctx) -> (String m) ->
                {
                    final long startNs = System.nanoTime();
                    startUp();
                    System.out.println("started in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs) +
                        " ms");
                    done.countDown();
                });
                app.tell("start");
                final ActorRef<String> blocker = engine.spawn("blocker", (ActorContext<String> ctx) -> (String m) ->
                {
                    if (m.equals("block"))
                    {
                        Thread.sleep(200);
                        System.out.println("blocked");
                        done.countDown();
                    }
                });
                blocker.tell("warm");
                Thread.sleep(300);
                blocker.tell("block");
                done.await();
                Thread.sleep(100);
            }
        }

        private static void startUp() throws Exception
        {
            System.getLogger("app").log(System.Logger.Level.INFO, "starting at " +
                DateTimeFormatter.ISO_ZONED_DATE_TIME.format(ZonedDateTime.now()));
            final Shape shape = Math.random() < 2 ? new Circle(1) : new Square(2);
            final double area = switch (shape)
            {
                case Circle c -> Math.PI * c.r() * c.r();
                case Square s -> s.side() * s.side();
            };
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(String.format("%.3f", area)
                .getBytes(StandardCharsets.UTF_8));
            Pattern.compile("[a-z]+(\\d{2,})").matcher(new String(digest, StandardCharsets.ISO_8859_1)).find();
        }
    }

    /** A program with a backlog when it ends: by System.exit from a handler, or by SIGTERM. */
    public static final class Exiting
    {
        private Exiting()
        {
        }

        public static void main(final String[] args) throws Exception
        {
            // exit: the close waits for ever, but the exiting worker is not waited for; SIGTERM: half a second
            final long closeTimeoutNs = args[0].equals("exit") ? Long.MAX_VALUE : TimeUnit.MILLISECONDS.toNanos(500);
            final Engine engine = Engine.start(EngineConfig.builder().workers(1).jmx(false).stallThresholdNs(0)
                .closeOnShutdown(true).closeTimeoutNs(closeTimeoutNs).build());
            final ActorRef<Integer> slow = engine.spawn("slow", (ActorContext<Integer> ctx) -> (Integer n) ->
                Thread.sleep(5));
            for (int i = 0; i < 2_000; i++)
            {
                slow.tell(i);
            }
            if (args[0].equals("exit"))
            {
                final ActorRef<String> exiter = engine.spawn("exiter", (ActorContext<String> ctx) -> (String m) ->
                {
                    System.out.println("exiting");
                    System.out.flush();
                    System.exit(0);
                });
                exiter.tell("exit");
                Thread.sleep(60_000);
                return;
            }
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
