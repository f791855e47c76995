package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * Savina PingPong: two actors exchange N ping/pong pairs, one message in flight. The result is the pings the pong
 * actor answered. Immutable.
 *
 * @param pings N, pings sent (Savina default 40,000).
 */
public record PingPong(int pings) implements SavinaBenchmark
{
    /** Savina's default size. */
    public static final PingPong DEFAULT = new PingPong(40_000);

    private static final Object START = "start";
    private static final Object PONG = "pong";
    private static final Object STOP = "stop";

    @Override
    public String name()
    {
        return "PingPong";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + pings;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address pong = runtime.spawn(self -> new Pong(done));
        final ActorRuntime.Address ping = runtime.spawn(self -> new Ping(new PingMsg(self), pong, pings));
        ping.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(pings, result, "pings answered");
    }

    /** A ping names its sender, so the pong actor knows where to reply. */
    private record PingMsg(ActorRuntime.Address sender)
    {
    }

    /** Sends a ping, and the next one on each pong, until N have been answered. */
    private static final class Ping implements Actor<Object>
    {
        private final PingMsg ping;
        private final ActorRuntime.Address pong;
        private int left;

        Ping(final PingMsg ping, final ActorRuntime.Address pong, final int pings)
        {
            this.ping = ping;
            this.pong = pong;
            this.left = pings;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == PONG)
            {
                left--;
            }
            pong.tell(left > 0 ? ping : STOP);
        }
    }

    /** Answers every ping; on stop, completes the run with the pings it answered. */
    private static final class Pong implements Actor<Object>
    {
        private final CompletableFuture<Long> done;
        private long answered;

        Pong(final CompletableFuture<Long> done)
        {
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof PingMsg ping)
            {
                answered++;
                ping.sender().tell(PONG);
            }
            else if (message == STOP)
            {
                done.complete(answered);
            }
        }
    }
}
