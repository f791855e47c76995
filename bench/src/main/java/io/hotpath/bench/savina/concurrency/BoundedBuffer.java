package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Producer-Consumer with a bounded buffer: P producers each make I items (each costing Savina's
 * {@code processItem} of PC) and hand them to a manager whose buffer holds B; C consumers take them (each costing
 * CC). The manager lets a producer make its next item only while the buffer has room, and gives an item to a consumer
 * that says it is free. The result is the digest of the ids of the items consumed, which must be that of every item
 * made, each once. Immutable.
 *
 * @param bufferSize       B (Savina default 50).
 * @param producers        P (Savina default 40).
 * @param consumers        C (Savina default 40).
 * @param itemsPerProducer I (Savina default 1,000).
 * @param produceCost      PC (Savina default 25).
 * @param consumeCost      CC (Savina default 25).
 */
public record BoundedBuffer(
    int bufferSize, int producers, int consumers, int itemsPerProducer, int produceCost, int consumeCost)
    implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final BoundedBuffer DEFAULT = new BoundedBuffer(50, 40, 40, 1_000, 25, 25);

    private static final Object START = "start";
    private static final Object PRODUCE = "produce";
    private static final Object PRODUCER_EXIT = "producer-exit";
    private static final Object TALLY = "tally";

    /**
     * @param bufferSize       at least 1.
     * @param producers        at least 1.
     * @param consumers        at least 1.
     * @param itemsPerProducer at least 1.
     * @param produceCost      not negative.
     * @param consumeCost      not negative.
     */
    public BoundedBuffer
    {
        if (bufferSize < 1 || producers < 1 || consumers < 1 || itemsPerProducer < 1 || produceCost < 0 ||
            consumeCost < 0)
        {
            throw new IllegalArgumentException("BoundedBuffer needs a buffer, producers, consumers and items of at " +
                "least 1 and costs of at least 0, not " + bufferSize + ", " + producers + ", " + consumers + ", " +
                itemsPerProducer + ", " + produceCost + ", " + consumeCost);
        }
    }

    @Override
    public String name()
    {
        return "BoundedBuffer";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "B=" + bufferSize + " P=" + producers + " C=" + consumers + " I=" + itemsPerProducer + " PC=" +
            produceCost + " CC=" + consumeCost;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] producerAddresses = new ActorRuntime.Address[producers];
        final ActorRuntime.Address[] consumerAddresses = new ActorRuntime.Address[consumers];
        final ActorRuntime.Address manager = runtime.spawn(self -> new Manager(this, producerAddresses,
            consumerAddresses, done));
        for (int i = 0; i < producers; i++)
        {
            final int index = i;
            producerAddresses[i] = runtime.spawn(self -> new Producer(index, itemsPerProducer, produceCost, manager));
        }
        for (int i = 0; i < consumers; i++)
        {
            final Available available = new Available(i);
            consumerAddresses[i] = runtime.spawn(self -> new Consumer(available, consumeCost, manager));
        }
        manager.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        long expected = 0;
        for (long id = 0; id < (long)producers * itemsPerProducer; id++)
        {
            expected += Digest.mix(id);
        }
        return SavinaBenchmark.expect(expected, result, "digest of the ids of the items consumed (each of the " +
            (long)producers * itemsPerProducer + " items once)");
    }

    /** An item: its id, the producer that made it, and its data. Immutable. */
    private record Item(long id, int producer, double data)
    {
    }

    /** A consumer's word that it is free; one per consumer. Immutable. */
    private record Available(int consumer)
    {
    }

    /** A consumer's count of the items it took and the digest of their ids. Immutable. */
    private record Tally(long items, long digest)
    {
    }

    private static final class Manager implements Actor<Object>
    {
        private final BoundedBuffer sizes;
        private final ActorRuntime.Address[] producers;
        private final ActorRuntime.Address[] consumers;
        private final CompletableFuture<Long> done;
        private final ArrayDeque<Item> buffer = new ArrayDeque<>();
        private final ArrayDeque<Integer> waitingProducers = new ArrayDeque<>();
        private final ArrayDeque<Integer> freeConsumers = new ArrayDeque<>();
        private int exitedProducers;
        private int tallies;
        private long items;
        private long digest;

        Manager(final BoundedBuffer sizes, final ActorRuntime.Address[] producers,
            final ActorRuntime.Address[] consumers, final CompletableFuture<Long> done)
        {
            this.sizes = sizes;
            this.producers = producers;
            this.consumers = consumers;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Item item)
            {
                final Integer free = freeConsumers.poll();
                if (free != null)
                {
                    consumers[free].tell(item);
                }
                else
                {
                    buffer.add(item);
                }
                if (buffer.size() >= sizes.bufferSize())
                {
                    waitingProducers.add(item.producer());
                }
                else
                {
                    producers[item.producer()].tell(PRODUCE);
                }
            }
            else if (message instanceof Available available)
            {
                final Item next = buffer.poll();
                if (next == null)
                {
                    freeConsumers.add(available.consumer());
                    exitWhenDone();
                }
                else
                {
                    consumers[available.consumer()].tell(next);
                    final Integer waiting = waitingProducers.poll();
                    if (waiting != null)
                    {
                        producers[waiting].tell(PRODUCE);
                    }
                }
            }
            else if (message == PRODUCER_EXIT)
            {
                exitedProducers++;
                exitWhenDone();
            }
            else if (message instanceof Tally tally)
            {
                items += tally.items();
                digest += tally.digest();
                if (++tallies == consumers.length)
                {
                    final long made = (long)producers.length * sizes.itemsPerProducer();
                    if (items != made)
                    {
                        throw new IllegalStateException("the consumers took " + items + " items of the " + made +
                            " made");
                    }
                    done.complete(digest);
                }
            }
            else if (message == START)
            {
                for (int i = 0; i < consumers.length; i++)
                {
                    freeConsumers.add(i);
                }
                for (final ActorRuntime.Address producer : producers)
                {
                    producer.tell(PRODUCE);
                }
            }
        }

        /** Every producer has left and every consumer is free, so the buffer is empty: collect the tallies. */
        private void exitWhenDone()
        {
            if (exitedProducers == producers.length && freeConsumers.size() == consumers.length)
            {
                for (final ActorRuntime.Address consumer : consumers)
                {
                    consumer.tell(TALLY);
                }
            }
        }
    }

    private static final class Producer implements Actor<Object>
    {
        private final int index;
        private final int items;
        private final int cost;
        private final ActorRuntime.Address manager;
        private int produced;
        private double data;

        Producer(final int index, final int items, final int cost, final ActorRuntime.Address manager)
        {
            this.index = index;
            this.items = items;
            this.cost = cost;
            this.manager = manager;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (produced == items)
            {
                manager.tell(PRODUCER_EXIT);
                return;
            }
            data = Work.processItem(data, cost);
            manager.tell(new Item((long)index * items + produced, index, data));
            produced++;
        }
    }

    private static final class Consumer implements Actor<Object>
    {
        private final Available available;
        private final int cost;
        private final ActorRuntime.Address manager;
        private double data;
        private long items;
        private long digest;

        Consumer(final Available available, final int cost, final ActorRuntime.Address manager)
        {
            this.available = available;
            this.cost = cost;
            this.manager = manager;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Item item)
            {
                data = Work.processItem(data + item.data(), cost);
                items++;
                digest += Digest.mix(item.id());
                manager.tell(available);
            }
            else if (message == TALLY)
            {
                manager.tell(new Tally(items, digest));
            }
        }
    }
}
