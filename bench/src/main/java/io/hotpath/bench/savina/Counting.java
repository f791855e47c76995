package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Counting: a producer sends N increments to a counter, then asks it for the count, which must be N.
 * Immutable.
 *
 * @param messages N, increments sent (Savina default 1,000,000).
 */
public record Counting(int messages) implements SavinaBenchmark
{
    /** Savina's default size. */
    public static final Counting DEFAULT = new Counting(1_000_000);

    private static final Object START = "start";
    private static final Object INCREMENT = "increment";
    private static final Object CONTINUE = "continue";

    @Override
    public String name()
    {
        return "Counting";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "N=" + messages;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address counter = runtime.spawn(self -> new Counter());
        final ActorRuntime.Address producer = runtime.spawn(self -> new Producer(self, counter, messages, done));
        producer.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(messages, result, "count");
    }

    /** Asks the counter for its count; the reply goes to {@code replyTo}. */
    private record Retrieve(ActorRuntime.Address replyTo)
    {
    }

    /** The counter's reply. */
    private record Total(long count)
    {
    }

    private static final class Producer implements Actor<Object>
    {
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address counter;
        private final int messages;
        private final CompletableFuture<Long> done;
        private int sent;

        Producer(
            final ActorRuntime.Address self,
            final ActorRuntime.Address counter,
            final int messages,
            final CompletableFuture<Long> done)
        {
            this.self = self;
            this.counter = counter;
            this.messages = messages;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == START || message == CONTINUE)
            {
                // a bounded queue may fill: then go on in a later turn, so the counter's worker can drain it
                final ActorRuntime.Address to = counter;
                while (sent < messages)
                {
                    if (!to.offer(INCREMENT))
                    {
                        self.tell(CONTINUE);
                        return;
                    }
                    sent++;
                }
                // the last increment may have filled the queue too: the question waits for room the same way
                if (!to.offer(new Retrieve(self)))
                {
                    self.tell(CONTINUE);
                }
            }
            else if (message instanceof Total total)
            {
                done.complete(total.count());
            }
        }
    }

    private static final class Counter implements Actor<Object>
    {
        private long count;

        @Override
        public void onMessage(final Object message)
        {
            if (message == INCREMENT)
            {
                count++;
            }
            else if (message instanceof Retrieve retrieve)
            {
                retrieve.replyTo().tell(new Total(count));
            }
        }
    }
}
