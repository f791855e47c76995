package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Concurrent Dictionary: W workers each make M requests, one at a time, to a dictionary actor holding a hash
 * map of K keys (key to itself at the start, copied from a map built once, as Savina's dictionary copies its data at
 * creation); a request is a write of a random key with a probability of P percent, otherwise a read. A key is always
 * written with the same value, so the final map does not depend on the order of the requests; a read that answers
 * neither the key's first value nor its written one fails the run at the worker. The result is the digest of the
 * final map, which must equal that of a sequential replay of every worker's writes. Immutable.
 *
 * @param workers           W (Savina default 20).
 * @param messagesPerWorker M (Savina default 10,000).
 * @param writePercent      P (Savina default 10).
 * @param keys              K (Savina's data limit, {@code Integer.MAX_VALUE / 4096} = 524,287).
 */
public record ConcurrentDictionary(int workers, int messagesPerWorker, int writePercent, int keys)
    implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final ConcurrentDictionary DEFAULT =
        new ConcurrentDictionary(20, 10_000, 10, Integer.MAX_VALUE / 4096);

    private static final Object START = "start";
    private static final Object WRITTEN = "written";
    private static final Object END = "end";

    /**
     * @param workers           at least 1.
     * @param messagesPerWorker at least 1.
     * @param writePercent      0 to 100.
     * @param keys              at least 1.
     */
    public ConcurrentDictionary
    {
        if (workers < 1 || messagesPerWorker < 1 || writePercent < 0 || writePercent > 100 || keys < 1)
        {
            throw new IllegalArgumentException("ConcurrentDictionary needs at least 1 worker, message and key, and " +
                "a write percentage of 0 to 100, not " + workers + ", " + messagesPerWorker + ", " + keys + ", " +
                writePercent);
        }
    }

    @Override
    public String name()
    {
        return "ConcurrentDictionary";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "W=" + workers + " M=" + messagesPerWorker + " P=" + writePercent + "% K=" + keys;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final Initial initial = Digest.reference(new InitialKeys(keys), () -> Initial.of(keys));
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address dictionary = runtime.spawn(self -> new Dictionary(initial));
        final ActorRuntime.Address[] all = new ActorRuntime.Address[workers];
        final ActorRuntime.Address master = runtime.spawn(self -> new Master(self, all, dictionary, done));
        for (int i = 0; i < workers; i++)
        {
            final int index = i;
            all[i] = runtime.spawn(self -> new Worker(this, index, self, dictionary, master));
        }
        master.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(Digest.reference(this, this::expectedDigest), result,
            "digest of the final map against a sequential replay of the writes");
    }

    /** The value every write gives a key: never the key itself, the value it starts with. */
    static int written(final int key)
    {
        return -key - 1;
    }

    /** One entry's share of the map's digest. */
    static long entry(final int key, final int value)
    {
        return Digest.mix(((long)key << 32) ^ (value & 0xFFFF_FFFFL));
    }

    private long expectedDigest()
    {
        final boolean[] wasWritten = new boolean[keys];
        for (int w = 0; w < workers; w++)
        {
            final Requests requests = new Requests(w, keys, writePercent);
            for (int m = 0; m < messagesPerWorker; m++)
            {
                final int key = requests.nextKey();
                if (requests.lastWasWrite())
                {
                    wasWritten[key] = true;
                }
            }
        }
        long digest = 0;
        for (int key = 0; key < keys; key++)
        {
            digest += entry(key, wasWritten[key] ? written(key) : key);
        }
        return digest;
    }

    /** What the initial map is kept under between runs. */
    private record InitialKeys(int keys)
    {
    }

    /**
     * The dictionary's first map, every key to itself, and its digest; built once and copied by each dictionary.
     * Immutable once built.
     */
    private record Initial(Map<Integer, Integer> data, long digest)
    {
        static Initial of(final int keys)
        {
            final Map<Integer, Integer> data = new HashMap<>(keys * 2);
            long digest = 0;
            for (int key = 0; key < keys; key++)
            {
                data.put(key, key);
                digest += entry(key, key);
            }
            return new Initial(data, digest);
        }
    }

    /** A worker's sequence of requests, the same in every run and in the check. NOT thread safe. */
    static final class Requests
    {
        private final SplittableRandom random;
        private final int keys;
        private final int writePercent;
        private boolean write;

        Requests(final int worker, final int keys, final int writePercent)
        {
            this.random = new SplittableRandom(0xD1C7_0000L + worker);
            this.keys = keys;
            this.writePercent = writePercent;
        }

        /** The next request's key; {@link #lastWasWrite()} then says its kind. */
        int nextKey()
        {
            write = random.nextInt(100) < writePercent;
            return random.nextInt(keys);
        }

        boolean lastWasWrite()
        {
            return write;
        }
    }

    /** A write request. Immutable. */
    private record Write(ActorRuntime.Address sender, int key, int value)
    {
    }

    /** A read request. Immutable. */
    private record Read(ActorRuntime.Address sender, int key)
    {
    }

    /** A read's answer. Immutable. */
    private record Value(int key, Integer value)
    {
    }

    /** Asks the dictionary for the digest of its map, answered to {@code sender}. Immutable. */
    private record Final(ActorRuntime.Address sender)
    {
    }

    /** The digest of the dictionary's map. Immutable. */
    private record MapDigest(long digest)
    {
    }

    private static final class Dictionary implements Actor<Object>
    {
        private final Map<Integer, Integer> map;
        private long digest;

        Dictionary(final Initial initial)
        {
            this.map = new HashMap<>(initial.data());
            this.digest = initial.digest();
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Read read)
            {
                read.sender().tell(new Value(read.key(), map.get(read.key())));
            }
            else if (message instanceof Write write)
            {
                final Integer old = map.put(write.key(), write.value());
                digest += entry(write.key(), write.value()) - (old == null ? 0 : entry(write.key(), old));
                write.sender().tell(WRITTEN);
            }
            else if (message instanceof Final question)
            {
                question.sender().tell(new MapDigest(digest));
            }
        }
    }

    private static final class Worker implements Actor<Object>
    {
        private final int messages;
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address dictionary;
        private final ActorRuntime.Address master;
        private final Requests requests;
        private int sent;

        Worker(final ConcurrentDictionary sizes, final int index, final ActorRuntime.Address self,
            final ActorRuntime.Address dictionary, final ActorRuntime.Address master)
        {
            this.messages = sizes.messagesPerWorker();
            this.self = self;
            this.dictionary = dictionary;
            this.master = master;
            this.requests = new Requests(index, sizes.keys(), sizes.writePercent());
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Value value)
            {
                final Integer v = value.value();
                if (v == null || v != value.key() && v != written(value.key()))
                {
                    throw new IllegalStateException("key " + value.key() + " read as " + v + ", neither its first " +
                        "value nor its written one " + written(value.key()));
                }
            }
            // START, WRITTEN or a read's value: the next request, one at a time
            if (sent == messages)
            {
                master.tell(END);
                return;
            }
            sent++;
            final int key = requests.nextKey();
            dictionary.tell(requests.lastWasWrite() ? new Write(self, key, written(key)) : new Read(self, key));
        }
    }

    private static final class Master implements Actor<Object>
    {
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address[] workers;
        private final ActorRuntime.Address dictionary;
        private final CompletableFuture<Long> done;
        private int ended;

        Master(final ActorRuntime.Address self, final ActorRuntime.Address[] workers,
            final ActorRuntime.Address dictionary, final CompletableFuture<Long> done)
        {
            this.self = self;
            this.workers = workers;
            this.dictionary = dictionary;
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
                    dictionary.tell(new Final(self));
                }
            }
            else if (message instanceof MapDigest digest)
            {
                done.complete(digest.digest());
            }
        }
    }
}
