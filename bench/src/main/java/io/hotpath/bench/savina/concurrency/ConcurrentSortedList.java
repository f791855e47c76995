package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Concurrent Sorted Linked List: W workers each make M requests, one at a time, to an actor holding a sorted
 * singly linked list of ints: an insert of a random value with a probability of P percent, a size query with S
 * percent, otherwise a membership test, each walking the list from its head. A size that shrinks, as one worker sees
 * it, fails the run at the worker. At the end the list actor walks the list once more: an element smaller than the
 * one before it fails the run there, and the result is the digest of the elements, which must be that of every value
 * the workers inserted (a sequential replay), each as often as it was inserted. Immutable.
 *
 * @param workers           W (Savina default 20).
 * @param messagesPerWorker M (Savina default 8,000).
 * @param writePercent      P (Savina default 10).
 * @param sizePercent       S (Savina default 1).
 * @param valueLimit        values are drawn below this (not known from Savina: {@code Integer.MAX_VALUE}).
 */
public record ConcurrentSortedList(
    int workers, int messagesPerWorker, int writePercent, int sizePercent, int valueLimit) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final ConcurrentSortedList DEFAULT = new ConcurrentSortedList(20, 8_000, 10, 1, Integer.MAX_VALUE);

    private static final Object START = "start";
    private static final Object WRITTEN = "written";
    private static final Object END = "end";

    /**
     * @param workers           at least 1.
     * @param messagesPerWorker at least 1.
     * @param writePercent      0 to 100, with sizePercent.
     * @param sizePercent       0 to 100, with writePercent.
     * @param valueLimit        at least 1.
     */
    public ConcurrentSortedList
    {
        if (workers < 1 || messagesPerWorker < 1 || writePercent < 0 || sizePercent < 0 ||
            writePercent + sizePercent > 100 || valueLimit < 1)
        {
            throw new IllegalArgumentException("ConcurrentSortedList needs at least 1 worker, message and value, " +
                "and write and size percentages of at least 0 adding up to at most 100, not " + workers + ", " +
                messagesPerWorker + ", " + writePercent + ", " + sizePercent + ", " + valueLimit);
        }
    }

    @Override
    public String name()
    {
        return "ConcurrentSortedList";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "W=" + workers + " M=" + messagesPerWorker + " P=" + writePercent + "% S=" + sizePercent + "%";
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address list = runtime.spawn(self -> new SortedList());
        final ActorRuntime.Address[] all = new ActorRuntime.Address[workers];
        final ActorRuntime.Address master = runtime.spawn(self -> new Master(self, all, list, done));
        for (int i = 0; i < workers; i++)
        {
            final int index = i;
            all[i] = runtime.spawn(self -> new Worker(this, index, self, list, master));
        }
        master.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(Digest.reference(this, this::expectedDigest), result,
            "digest of the list's elements against a sequential replay of the inserts");
    }

    private long expectedDigest()
    {
        long digest = 0;
        for (int w = 0; w < workers; w++)
        {
            final Requests requests = new Requests(w, this);
            for (int m = 0; m < messagesPerWorker; m++)
            {
                final int value = requests.next();
                if (requests.kind() == Requests.WRITE)
                {
                    digest += Digest.mix(value);
                }
            }
        }
        return digest;
    }

    /** A worker's sequence of requests, the same in every run and in the check. NOT thread safe. */
    private static final class Requests
    {
        static final int WRITE = 0;
        static final int SIZE = 1;
        static final int CONTAINS = 2;

        private final SplittableRandom random;
        private final ConcurrentSortedList sizes;
        private int kind;

        Requests(final int worker, final ConcurrentSortedList sizes)
        {
            this.random = new SplittableRandom(0x5011_0000L + worker);
            this.sizes = sizes;
        }

        /** The next request's value; {@link #kind()} then says what it is. */
        int next()
        {
            final int draw = random.nextInt(100);
            kind = draw < sizes.writePercent() ? WRITE : draw < sizes.writePercent() + sizes.sizePercent() ? SIZE
                : CONTAINS;
            return random.nextInt(sizes.valueLimit());
        }

        int kind()
        {
            return kind;
        }
    }

    /** An insert. Immutable. */
    private record Write(ActorRuntime.Address sender, int value)
    {
    }

    /** A membership test. Immutable. */
    private record Contains(ActorRuntime.Address sender, int value)
    {
    }

    /** A size query. Immutable. */
    private record Size(ActorRuntime.Address sender)
    {
    }

    /** A membership test's answer. Immutable. */
    private record Contained(boolean found)
    {
    }

    /** A size query's answer. Immutable. */
    private record Length(int size)
    {
    }

    /** Asks the list for the digest of its elements, answered to {@code sender}. Immutable. */
    private record Final(ActorRuntime.Address sender)
    {
    }

    /** The digest of the list's elements. Immutable. */
    private record ListDigest(long digest)
    {
    }

    /** A sorted singly linked list, as Savina's, walked from its head for every request. */
    private static final class SortedList implements Actor<Object>
    {
        private Node head;
        private int size;

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Contains contains)
            {
                contains.sender().tell(new Contained(contains(contains.value())));
            }
            else if (message instanceof Write write)
            {
                insert(write.value());
                write.sender().tell(WRITTEN);
            }
            else if (message instanceof Size question)
            {
                question.sender().tell(new Length(size));
            }
            else if (message instanceof Final question)
            {
                question.sender().tell(new ListDigest(sortedDigest()));
            }
        }

        private boolean contains(final int value)
        {
            Node node = head;
            while (node != null && node.value < value)
            {
                node = node.next;
            }
            return node != null && node.value == value;
        }

        /** After the elements equal to it, so equal values keep the order they came in. */
        private void insert(final int value)
        {
            size++;
            if (head == null || head.value > value)
            {
                head = new Node(value, head);
                return;
            }
            Node node = head;
            while (node.next != null && node.next.value <= value)
            {
                node = node.next;
            }
            node.next = new Node(value, node.next);
        }

        private long sortedDigest()
        {
            long digest = 0;
            int count = 0;
            for (Node node = head; node != null; node = node.next)
            {
                if (node.next != null && node.next.value < node.value)
                {
                    throw new IllegalStateException("the list is not sorted: " + node.next.value + " after " +
                        node.value + " at position " + (count + 1));
                }
                digest += Digest.mix(node.value);
                count++;
            }
            if (count != size)
            {
                throw new IllegalStateException("the list holds " + count + " elements but counted " + size);
            }
            return digest;
        }
    }

    /** A list node. */
    private static final class Node
    {
        final int value;
        Node next;

        Node(final int value, final Node next)
        {
            this.value = value;
            this.next = next;
        }
    }

    private static final class Worker implements Actor<Object>
    {
        private final int messages;
        private final int index;
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address list;
        private final ActorRuntime.Address master;
        private final Requests requests;
        private int sent;
        private int lastSize;
        private long found;

        Worker(final ConcurrentSortedList sizes, final int index, final ActorRuntime.Address self,
            final ActorRuntime.Address list, final ActorRuntime.Address master)
        {
            this.messages = sizes.messagesPerWorker();
            this.index = index;
            this.self = self;
            this.list = list;
            this.master = master;
            this.requests = new Requests(index, sizes);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Length length)
            {
                if (length.size() < lastSize)
                {
                    throw new IllegalStateException("worker " + index + " saw the list shrink from " + lastSize +
                        " to " + length.size() + " elements, and it only grows");
                }
                lastSize = length.size();
            }
            else if (message instanceof Contained contained && contained.found())
            {
                found++;
            }
            // START, WRITTEN or an answer: the next request, one at a time
            if (sent == messages)
            {
                master.tell(END);
                return;
            }
            sent++;
            final int value = requests.next();
            list.tell(switch (requests.kind())
            {
                case Requests.WRITE -> new Write(self, value);
                case Requests.SIZE -> new Size(self);
                default -> new Contains(self, value);
            });
        }
    }

    private static final class Master implements Actor<Object>
    {
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address[] workers;
        private final ActorRuntime.Address list;
        private final CompletableFuture<Long> done;
        private int ended;

        Master(final ActorRuntime.Address self, final ActorRuntime.Address[] workers, final ActorRuntime.Address list,
            final CompletableFuture<Long> done)
        {
            this.self = self;
            this.workers = workers;
            this.list = list;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == START)
            {
                for (final ActorRuntime.Address worker : workers)
                {
                    worker.tell(START);
                }
            }
            else if (message == END)
            {
                if (++ended == workers.length)
                {
                    list.tell(new Final(self));
                }
            }
            else if (message instanceof ListDigest digest)
            {
                done.complete(digest.digest());
            }
        }
    }
}
