package io.hotpath.bench.cluster;

import io.hotpath.Actor;
import io.hotpath.ActorRef;
import io.hotpath.Reply;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.remote.Ping;

import java.util.function.BiConsumer;

/**
 * The cluster row's client actor, on the worker that hosts the cluster client's link: it asks the clustered echo
 * actor with a ping and a reply it reuses, and asks again from the reply's callback, so one ask is in flight; each
 * answer is a round trip through ingress, log, service and egress. Between two of its asks, when its slice is over, it
 * runs raw Aeron Cluster's slice ({@link ClusterSlices}). It stops at the first failure (an ask that failed, an answer
 * to another ask, a raw echo lost), which {@link #failure()} then names. NOT thread safe: its worker's thread, but
 * for {@link #failure()}.
 */
final class Asker implements Actor<Object>, BiConsumer<Ping, Throwable>
{
    private final ActorRef<Ping> echo;
    private final Probe probe;
    private final ProbeSender sender;
    private final Reply<Ping> reply = new Reply<>();
    private final Ping ping = new Ping();
    private ClusterSlices slices;
    private boolean stopped;
    private volatile String failure;

    /**
     * @param echo   the clustered echo actor, through the cluster client.
     * @param probe  records Hotpath's round trips.
     * @param sender this actor's count of asks.
     */
    Asker(final ActorRef<Ping> echo, final Probe probe, final ProbeSender sender)
    {
        this.echo = echo;
        this.probe = probe;
        this.sender = sender;
    }

    /** The start: the raw slices to alternate with. */
    @Override
    public void onMessage(final Object message)
    {
        if (message instanceof ClusterSlices start && slices == null)
        {
            slices = start;
            next(System.nanoTime());
        }
    }

    /** An answer (or the ask's failure): record it, and ask again. */
    @Override
    public void accept(final Ping back, final Throwable error)
    {
        final long nowNs = System.nanoTime();
        if (error != null)
        {
            stop("ask " + ping.sequence + " of the clustered echo actor failed: " + error);
            return;
        }
        if (back.sequence != ping.sequence)
        {
            stop("ask " + ping.sequence + " of the clustered echo actor was answered with ping " + back.sequence);
            return;
        }
        probe.onRoundTrip(back.stampNs, nowNs, 0, Thread.currentThread().threadId());
        next(nowNs);
    }

    private void next(final long nowNs)
    {
        if (!probe.sending())
        {
            stop(null);
            return;
        }
        if (slices.due(nowNs))
        {
            final String lost = slices.run();
            if (lost != null)
            {
                stop(lost);
                return;
            }
        }
        ping.sequence++;
        ping.stampNs = System.nanoTime();
        sender.sent();
        echo.ask(ping, reply);
        reply.onComplete(this);
    }

    private void stop(final String why)
    {
        if (!stopped)
        {
            stopped = true;
            failure = why;
            sender.stop();
        }
    }

    /** {@return null, or why the asks stopped before the run did; any thread} */
    String failure()
    {
        return failure;
    }
}
