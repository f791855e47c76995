package com.example.heartbeat;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Cancellable;
import io.hotpath.Engine;

import java.time.Duration;

/**
 * Watches a peer's heartbeats: when none has come for the allowed silence, tells the listener the peer is down,
 * once; the next heartbeat brings it back up.
 */
public final class HeartbeatMonitor
{
    /** What the monitor handles. */
    public sealed interface Event
    {
    }

    /** The peer is alive. */
    public record Heartbeat() implements Event
    {
    }

    private record Silence(long heartbeat) implements Event
    {
    }

    private HeartbeatMonitor()
    {
    }

    /**
     * @param engine   where the monitor runs.
     * @param peer     the peer's name.
     * @param silence  how long without a heartbeat before the peer is down.
     * @param listener told "PEER is down" and "PEER is up".
     * @return the monitor: tell it a {@link Heartbeat} whenever one arrives.
     */
    public static ActorRef<Event> spawn(final Engine engine, final String peer, final Duration silence,
        final ActorRef<String> listener)
    {
        return engine.spawn("monitor-" + peer, (ActorContext<Event> ctx) -> new Actor<Event>()
        {
            private long heartbeats;
            private boolean down;
            private Cancellable timer = ctx.schedule(new Silence(0), silence);

            @Override
            public void onMessage(final Event event)
            {
                switch (event)
                {
                    case Heartbeat beat ->
                    {
                        heartbeats++;
                        timer.cancel();
                        timer = ctx.schedule(new Silence(heartbeats), silence);
                        if (down)
                        {
                            down = false;
                            listener.tell(peer + " is up");
                        }
                    }
                    case Silence since ->
                    {
                        if (since.heartbeat() == heartbeats && !down)
                        {
                            down = true;
                            listener.tell(peer + " is down");
                        }
                    }
                }
            }
        });
    }
}
