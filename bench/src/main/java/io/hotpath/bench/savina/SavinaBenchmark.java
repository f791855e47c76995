package io.hotpath.bench.savina;

import java.util.concurrent.CompletableFuture;

/**
 * One Savina port at fixed sizes. Immutable; each {@link #start} builds fresh actors, so runs share nothing.
 */
public interface SavinaBenchmark
{
    /**
     * @return the benchmark's Savina name, e.g. {@code PingPong}.
     */
    String name();

    /**
     * @return the Savina family it belongs to.
     */
    Family family();

    /**
     * @return its sizes as Savina names them, e.g. {@code N=40000}.
     */
    String parameters();

    /**
     * Spawn the actors and send the first messages.
     *
     * @param runtime where the actors run.
     * @return completed by the actors with the figure {@link #check} reads.
     */
    CompletableFuture<Long> start(ActorRuntime runtime);

    /**
     * @param result what the run completed with.
     * @return null when it is right, otherwise what is wrong.
     */
    String check(long result);

    /**
     * @param expected what a correct run yields.
     * @param result   what this run yielded.
     * @param what     what the figure counts.
     * @return null when equal, otherwise a message naming both.
     */
    static String expect(final long expected, final long result, final String what)
    {
        return expected == result ? null : what + ": expected " + expected + ", got " + result;
    }
}
