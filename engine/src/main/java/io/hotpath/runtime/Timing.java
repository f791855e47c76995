package io.hotpath.runtime;

/**
 * Where one actor's latencies go: its worker's histograms ({@code histograms=true}) and its own
 * ({@link io.hotpath.ActorBuilder#histograms()}), either of them absent. Immutable; recorded into on the actor's
 * worker only. An actor with neither has no Timing at all (its cell's field is null), and nothing is timed for it.
 */
final class Timing
{
    private final Latency worker;
    private final Latency actor;

    private Timing(final Latency worker, final Latency actor)
    {
        this.worker = worker;
        this.actor = actor;
    }

    /** @return what records into both, or null when both are null. */
    static Timing of(final Latency worker, final Latency actor)
    {
        return worker == null && actor == null ? null : new Timing(worker, actor);
    }

    /** @return the actor's own histograms, or null. */
    Latency actor()
    {
        return actor;
    }

    void recordWait(final long ns)
    {
        if (worker != null)
        {
            worker.recordWait(ns);
        }
        if (actor != null)
        {
            actor.recordWait(ns);
        }
    }

    void recordHandler(final long ns)
    {
        if (worker != null)
        {
            worker.recordHandler(ns);
        }
        if (actor != null)
        {
            actor.recordHandler(ns);
        }
    }
}
