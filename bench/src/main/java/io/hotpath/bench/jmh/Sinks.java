package io.hotpath.bench.jmh;

import io.hotpath.Actor;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Four handler classes doing the same work, handing the message to a Blackhole: cycled through one call site they
 * make it megamorphic, as the handler call inside an engine with many actor types is. Used both as plain objects
 * (the baseline call) and as actors (the engine's paths). Stateless; each instance is used by one thread.
 */
final class Sinks
{
    private Sinks()
    {
    }

    /** An actor whose handler throws nothing, so it can also be called plainly. */
    interface Sink extends Actor<Object>
    {
        @Override
        void onMessage(Object message);
    }

    /**
     * @param bh where each message goes.
     * @return one instance of each of the four classes.
     */
    static Sink[] four(final Blackhole bh)
    {
        return new Sink[]{new First(bh), new Second(bh), new Third(bh), new Fourth(bh)};
    }

    record First(Blackhole bh) implements Sink
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Second(Blackhole bh) implements Sink
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Third(Blackhole bh) implements Sink
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }

    record Fourth(Blackhole bh) implements Sink
    {
        @Override
        public void onMessage(final Object message)
        {
            bh.consume(message);
        }
    }
}
