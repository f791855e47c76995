package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.AsynchronousFileChannel;
import java.nio.channels.CompletionHandler;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import static io.hotpath.Await.await;

/**
 * Copies a file in chunks, awaiting each read and each write (seed 001's streaming copy): the I/O runs on the
 * JDK's asynchronous file channels, whose completion handlers complete replies from their own threads, so the worker
 * never blocks; the copy reads as sequential code. NOT thread safe: an actor.
 */
final class StreamingCopy
{
    /** A copy request: from, to, chunk size. */
    record Copy(Path from, Path to, int chunkBytes)
    {
    }

    private StreamingCopy()
    {
    }

    /**
     * @param engine the engine.
     * @return an actor; ask it a {@link Copy}, get the bytes copied.
     */
    static ActorRef<Copy> spawn(final Engine engine)
    {
        return engine.actor((ActorContext<Copy> ctx) -> (Copy copy) -> ctx.reply(copy(ctx, copy)))
            .name("copier").sequential().spawn();
    }

    private static long copy(final ActorContext<Copy> ctx, final Copy copy) throws IOException
    {
        try (AsynchronousFileChannel in = AsynchronousFileChannel.open(copy.from(), StandardOpenOption.READ);
            AsynchronousFileChannel out = AsynchronousFileChannel.open(copy.to(), StandardOpenOption.WRITE,
                StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING))
        {
            final ByteBuffer buffer = ByteBuffer.allocateDirect(copy.chunkBytes());
            long position = 0;
            while (true)
            {
                buffer.clear();
                final int read = await(io(ctx, position, (at, reply, done) -> in.read(buffer, at, reply, done)));
                if (read < 0)
                {
                    return position;
                }
                buffer.flip();
                while (buffer.hasRemaining())
                {
                    await(io(ctx, position + buffer.position(), (at, reply, done) -> out.write(buffer, at, reply, done)));
                }
                position += read;
            }
        }
    }

    /** Starts one asynchronous operation at a file position; its completion handler completes the reply. */
    private interface Operation
    {
        void start(long position, Reply<Integer> reply, CompletionHandler<Integer, Reply<Integer>> done);
    }

    private static Reply<Integer> io(final ActorContext<Copy> ctx, final long position, final Operation operation)
    {
        final Reply<Integer> reply = ctx.newReply();
        operation.start(position, reply, COMPLETE);
        return reply;
    }

    /** Completes the reply from the channel's own thread; the answer then travels to the actor's worker. */
    private static final CompletionHandler<Integer, Reply<Integer>> COMPLETE = new CompletionHandler<>()
    {
        @Override
        public void completed(final Integer result, final Reply<Integer> reply)
        {
            reply.complete(result);
        }

        @Override
        public void failed(final Throwable error, final Reply<Integer> reply)
        {
            reply.fail(error);
        }
    };
}
