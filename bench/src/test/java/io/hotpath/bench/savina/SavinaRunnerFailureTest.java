package io.hotpath.bench.savina;

import io.hotpath.Actor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
