package io.hotpath.examples.batching;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;

import java.util.ArrayList;
import java.util.List;

/**
 * An actor that writes the ticks it gets to an output (a socket, a file) in batches: it appends each tick to a buffer
 * and writes the buffer once the tick in hand ends a batch ({@link ActorContext#endOfBatch()}), so a burst of ticks
 * costs one write, and no tick waits in the buffer after the burst. Its state is its worker's alone.
 */
public final class TickWriter implements Actor<Object>
{
    /** A price tick. */
    public record Tick(long seq, long price)
    {
    }

    /** Asked: what has been written so far. */
    public static final Object WRITTEN = new Object()
    {
        @Override
        public String toString()
        {
            return "written?";
        }
    };

    /** What the output has seen: the ticks, in the order written, and how many writes they took. */
    public record Written(List<Long> seqs, int writes, int buffered)
    {
    }

    private final ActorContext<Object> ctx;
    private final List<Tick> buffer = new ArrayList<>();
    /** The output: each write adds the buffer's ticks at once. */
    private final List<Long> output = new ArrayList<>();
    private int writes;

    private TickWriter(final ActorContext<Object> ctx)
    {
        this.ctx = ctx;
    }

    /**
     * @param engine the engine.
     * @param name   the actor's name.
     * @param worker the worker it runs on.
     * @return its address.
     */
    public static ActorRef<Object> spawn(final Engine engine, final String name, final int worker)
    {
        return engine.actor(TickWriter::new).name(name).onWorker(worker).spawn();
    }

    @Override
    public void onMessage(final Object message)
    {
        if (message instanceof Tick tick)
        {
            buffer.add(tick);
            if (ctx.endOfBatch())
            {
                write();
            }
        }
        else if (message == WRITTEN)
        {
            ctx.reply(new Written(List.copyOf(output), writes, buffer.size()));
        }
    }

    /** One write of everything buffered, as a socket write or a file append would be. */
    private void write()
    {
        for (final Tick tick : buffer)
        {
            output.add(tick.seq());
        }
        buffer.clear();
        writes++;
    }
}
