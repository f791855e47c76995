package io.hotpath.bench.savina;

import io.hotpath.Actor;
import io.hotpath.ActorRef;
import org.apache.pekko.actor.Props;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SavinaRunnerFailureTest
{
    /** Completes with a figure its own check rejects. */
    private record WrongResult() implements SavinaBenchmark
    {
        @Override
        public String name()
        {
            return "WrongResult";
        }

        @Override
        public Family family()
        {
            return Family.MICRO;
        }

        @Override
        public String parameters()
        {
            return "-";
        }

        @Override
        public CompletableFuture<Long> start(final ActorRuntime runtime)
        {
            final CompletableFuture<Long> done = new CompletableFuture<>();
            runtime.spawn(self -> m -> done.complete(41L)).tell("go");
            return done;
        }

        @Override
        public String check(final long result)
        {
            return SavinaBenchmark.expect(42, result, "answer");
        }
    }

    /** Its only actor throws. */
    private record Throws() implements SavinaBenchmark
    {
        @Override
        public String name()
        {
            return "Throws";
        }

        @Override
        public Family family()
        {
            return Family.MICRO;
        }

        @Override
        public String parameters()
        {
            return "-";
        }

        @Override
        public CompletableFuture<Long> start(final ActorRuntime runtime)
        {
            final Actor<Object> failing = m ->
            {
                throw new IllegalArgumentException("broken port");
            };
            runtime.spawn(self -> failing).tell("go");
            return new CompletableFuture<>();
        }

        @Override
        public String check(final long result)
        {
            return null;
        }
    }

    /** Sends a message to an actor that has stopped, then completes with the right answer. */
    private record LateLetter() implements SavinaBenchmark
    {
        @Override
        public String name()
        {
            return "LateLetter";
        }

        @Override
        public Family family()
        {
            return Family.MICRO;
        }

        @Override
        public String parameters()
        {
            return "-";
        }

        @Override
        public CompletableFuture<Long> start(final ActorRuntime runtime)
        {
            switch (runtime)
            {
                case HotpathRuntime hotpath ->
                {
                    final ActorRef<Object> stopped = hotpath.engine().spawn(ctx -> m -> { });
                    hotpath.engine().stop(stopped).get(Duration.ofSeconds(10));
                    stopped.tell("late");
                }
                case PekkoClassicRuntime pekko ->
                    pekko.system().deadLetters().tell("late", org.apache.pekko.actor.ActorRef.noSender());
            }
            return CompletableFuture.completedFuture(42L);
        }

        @Override
        public String check(final long result)
        {
            return SavinaBenchmark.expect(42, result, "answer");
        }
    }

    /** Its start throws, as a port that cannot run on a runtime does. */
    private record StartThrows() implements SavinaBenchmark
    {
        @Override
        public String name()
        {
            return "StartThrows";
        }

        @Override
        public Family family()
        {
            return Family.MICRO;
        }

        @Override
        public String parameters()
        {
            return "-";
        }

        @Override
        public CompletableFuture<Long> start(final ActorRuntime runtime)
        {
            throw new UnsupportedOperationException("this port needs a flag");
        }

        @Override
        public String check(final long result)
        {
            return null;
        }
    }

    /** A Pekko actor in Pekko's own idiom, a stash, that throws. */
    static final class ThrowingStashActor extends PekkoStashActor
    {
        ThrowingStashActor(final PekkoClassicRuntime runtime)
        {
            super(runtime);
        }

        @Override
        public Receive createReceive()
        {
            return receiveBuilder().matchAny(m ->
            {
                throw new IllegalArgumentException("broken stash on " + m);
            }).build();
        }
    }

    @Test
    void anActorOfPekkosOwnIdiomThatThrowsFailsTheRunWithItsException() throws Exception
    {
        try (ActorRuntime runtime = Implementation.PEKKO_CLASSIC.start(1, "backoff"))
        {
            final PekkoClassicRuntime pekko = (PekkoClassicRuntime)runtime;
            pekko.system().actorOf(Props.create(ThrowingStashActor.class, () -> new ThrowingStashActor(pekko)))
                .tell("go", org.apache.pekko.actor.ActorRef.noSender());

            final ExecutionException failed = assertThrows(ExecutionException.class,
                () -> runtime.failure().get(30, TimeUnit.SECONDS));
            assertTrue(String.valueOf(failed.getCause().getCause()).contains("broken stash on go"),
                String.valueOf(failed.getCause()));
        }
    }

    @ParameterizedTest
    @EnumSource(Implementation.class)
    void aDeadLetterAtTheEndOfARunFailsItThoughTheResultIsRight(final Implementation impl)
    {
        final SavinaResult result = runner().run(new LateLetter(), impl);

        assertNotNull(result.failure());
        assertTrue(result.failure().contains("1 dead letters at the end of the run"), result.failure());
        assertEquals(1, result.deadLetters());
    }

    @ParameterizedTest
    @EnumSource(Implementation.class)
    void aStartThatThrowsFailsTheResultWithItsMessageAndTheRunGoesOn(final Implementation impl)
    {
        final SavinaResult result = runner().run(new StartThrows(), impl);

        assertNotNull(result.failure());
        assertTrue(result.failure().contains("this port needs a flag"), result.failure());
    }

    @Test
    void theImplementationsTakeTurnsEachRoundBeginningOneFurtherOn()
    {
        final List<String> progress = new ArrayList<>();
        final List<SavinaResult> results = new SavinaRunner(SavinaOptions.parse(new String[]{"--warmup", "1",
            "--iterations", "2"}), progress::add).run(new ThreadRing(3, 10), List.of(Implementation.values()));

        assertEquals(List.of(Implementation.values()), results.stream().map(SavinaResult::implementation).toList());
        assertTrue(results.stream().allMatch(r -> r.ok() && r.runsMs().length == 2), results.toString());
        assertEquals(List.of("hotpath, warm-up 1/1", "pekko-classic, warm-up 1/1", "pekko-classic, run 1/2",
            "hotpath, run 1/2", "hotpath, run 2/2", "pekko-classic, run 2/2"), progress.stream()
            .map(line -> line.substring(line.indexOf(" on ") + 4, line.lastIndexOf(':'))).toList());
    }

    @ParameterizedTest
    @EnumSource(Implementation.class)
    void aFailedCheckFailsTheResultWithTheCheckMessage(final Implementation impl)
    {
        final SavinaResult result = runner().run(new WrongResult(), impl);

        assertNotNull(result.failure());
        assertTrue(result.failure().contains("answer: expected 42, got 41"), result.failure());
        assertEquals(0, result.runsMs().length);
    }

    @ParameterizedTest
    @EnumSource(Implementation.class)
    void aThrowingHandlerFailsTheRunWithItsExceptionNotATimeOut(final Implementation impl)
    {
        final SavinaResult result = runner().run(new Throws(), impl);

        assertNotNull(result.failure());
        assertTrue(result.failure().contains("broken port"), result.failure());
        assertFalse(result.failure().contains("no result within"), result.failure());
    }

    private static SavinaRunner runner()
    {
        return new SavinaRunner(SavinaOptions.parse(new String[]{"--warmup", "0", "--iterations", "1",
            "--timeout-s", "60"}), line -> { });
    }
}
