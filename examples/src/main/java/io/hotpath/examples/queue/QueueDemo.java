package io.hotpath.examples.queue;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.ReplyException;

import java.time.Duration;
import java.util.Optional;

/**
 * Uses an {@link ActorQueue} from the main thread the two ways seed 000 shows: one call at a time, each reply
 * awaited before the next; then several calls at once, their replies awaited afterwards. Then a take that waits for
 * an item, and an offer to a full queue whose exception arrives in its reply. Main thread only.
 */
public final class QueueDemo
{
    private static final Duration WAIT = Duration.ofSeconds(30);

    private QueueDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            final ActorQueue<Integer> queue = ActorQueue.start(engine, "queue", 3);

            final Reply<Integer> first = queue.enqueue(1);
            System.out.println("enqueue(1) returned at once: " + first);
            System.out.println("one at a time: enqueue(1) -> size " + first.get(WAIT) + ", tryDequeue() -> " +
                queue.tryDequeue().get(WAIT) + ", tryDequeue() -> " + queue.tryDequeue().get(WAIT));

            final Reply<Integer> e2 = queue.enqueue(2);
            final Reply<Optional<Integer>> d1 = queue.tryDequeue();
            final Reply<Optional<Integer>> d2 = queue.tryDequeue();
            System.out.println("three calls at once, then their replies: enqueue(2) -> size " + e2.get(WAIT) +
                ", tryDequeue() -> " + d1.get(WAIT) + ", tryDequeue() -> " + d2.get(WAIT));

            final Reply<Integer> taken = queue.take();
            System.out.println("take() on an empty queue, done yet? " + taken.toCompletableFuture().isDone());
            queue.enqueue(42);
            System.out.println("after enqueue(42): take() -> " + taken.get(WAIT));

            for (int i = 0; i < 4; i++)
            {
                final Reply<Integer> offered = queue.enqueue(100 + i);
                try
                {
                    System.out.println("enqueue(" + (100 + i) + ") -> size " + offered.get(WAIT));
                }
                catch (final ReplyException full)
                {
                    System.out.println("enqueue(" + (100 + i) + ") failed in its reply: " + full.getCause().getMessage());
                }
            }
            System.out.println("the queue went on: size " + queue.size().get(WAIT));
        }
    }
}
