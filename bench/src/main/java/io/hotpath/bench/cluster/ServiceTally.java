package io.hotpath.bench.cluster;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What each kind of message, Hotpath's asks and raw Aeron Cluster's echoes, cost a member's service thread: the
 * messages applied, and the bytes the thread allocated while that kind was the one being applied (from one change of
 * kind to the next, so the time between messages counts for the kind before it). The client alternates the two in
 * slices, so a change of kind comes a few times a second and the allocation counter is read then only, never per
 * message.
 * <p>
 * Threads: the service's thread writes ({@link #start}, {@link #applying}); the member's main thread reads
 * ({@link #read}). A count is a single writer's release store; a change of kind is written under a sequence word (odd
 * while the writer is at it) that the reader checks before and after, so a read never counts a run of bytes twice.
 */
final class ServiceTally
{
    /** The kind of a Hotpath message (the ActorService's). */
    static final int HOTPATH = 0;
    /** The kind of a raw Aeron Cluster echo. */
    static final int RAW = 1;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final AtomicLongArray messages = new AtomicLongArray(2);
    /** Bytes of the runs of each kind that have ended. */
    private final AtomicLongArray bytes = new AtomicLongArray(2);
    private volatile long version;
    private volatile long threadId = -1;
    private volatile int current = -1;
    private volatile long runStartBytes;

    /**
     * What a member's service thread has applied and allocated so far.
     *
     * @param hotpathMessages Hotpath's messages applied.
     * @param hotpathBytes    bytes the service's thread allocated while applying them.
     * @param rawMessages     raw echoes applied.
     * @param rawBytes        bytes the service's thread allocated while applying them.
     * @param jvmBytes        bytes every thread of the member's JVM allocated, since it started.
     * @param threads         bytes each live thread of the member's JVM allocated, by the thread's name.
     */
    record Snapshot(long hotpathMessages, long hotpathBytes, long rawMessages, long rawBytes, long jvmBytes,
        Map<String, Long> threads)
    {
        /** {@return the line a member prints for it} */
        String line()
        {
            final StringBuilder sb = new StringBuilder("STATS ").append(hotpathMessages).append(' ')
                .append(hotpathBytes).append(' ').append(rawMessages).append(' ').append(rawBytes).append(' ')
                .append(jvmBytes).append(' ');
            threads.forEach((name, bytes) -> sb.append(name.replaceAll("[\\s|=]", "_")).append('=').append(bytes)
                .append('|'));
            return sb.toString();
        }

        /**
         * @param line as {@link #line()} wrote it.
         * @return the snapshot.
         * @throws IllegalArgumentException when the line is not one.
         */
        static Snapshot parse(final String line)
        {
            final String[] words = line.trim().split(" ");
            if (words.length != 7 || !words[0].equals("STATS"))
            {
                throw new IllegalArgumentException("not a member's STATS line: '" + line + "'");
            }
            final Map<String, Long> threads = new TreeMap<>();
            for (final String thread : words[6].split("\\|"))
            {
                final int at = thread.lastIndexOf('=');
                if (at > 0)
                {
                    threads.merge(thread.substring(0, at), Long.parseLong(thread.substring(at + 1)), Long::sum);
                }
            }
            return new Snapshot(Long.parseLong(words[1]), Long.parseLong(words[2]), Long.parseLong(words[3]),
                Long.parseLong(words[4]), Long.parseLong(words[5]), threads);
        }

        /**
         * @param before an earlier snapshot of the same member.
         * @return what happened between the two; a thread's bytes only for the threads alive at both.
         */
        Snapshot minus(final Snapshot before)
        {
            final Map<String, Long> threadBytes = new TreeMap<>();
            threads.forEach((name, bytes) ->
            {
                final Long earlier = before.threads.get(name);
                if (earlier != null)
                {
                    threadBytes.put(name, bytes - earlier);
                }
            });
            return new Snapshot(hotpathMessages - before.hotpathMessages, hotpathBytes - before.hotpathBytes,
                rawMessages - before.rawMessages, rawBytes - before.rawBytes, jvmBytes - before.jvmBytes,
                threadBytes);
        }
    }

    /** {@return the bytes each live thread of this JVM has allocated, by name (threads of one name summed)} */
    private static Map<String, Long> threads()
    {
        final Map<String, Long> byName = new TreeMap<>();
        final long[] ids = THREADS.getAllThreadIds();
        final long[] bytes = THREADS.getThreadAllocatedBytes(ids);
        final ThreadInfo[] infos = THREADS.getThreadInfo(ids);
        for (int i = 0; i < ids.length; i++)
        {
            if (infos[i] != null && bytes[i] >= 0)
            {
                byName.merge(infos[i].getThreadName(), bytes[i], Long::sum);
            }
        }
        return byName;
    }

    /**
     * The service's thread: the service starts on it.
     *
     * @param thread the service's thread.
     */
    void start(final Thread thread)
    {
        runStartBytes = THREADS.getCurrentThreadAllocatedBytes();
        threadId = thread.threadId();
    }

    /**
     * The service's thread: a message of this kind is applied now.
     *
     * @param kind {@link #HOTPATH} or {@link #RAW}.
     */
    void applying(final int kind)
    {
        if (kind != current)
        {
            changeTo(kind);
        }
        messages.lazySet(kind, messages.get(kind) + 1);
    }

    private void changeTo(final int kind)
    {
        final long nowBytes = THREADS.getCurrentThreadAllocatedBytes();
        version = version + 1;
        final int ending = current;
        if (ending >= 0)
        {
            bytes.lazySet(ending, bytes.get(ending) + nowBytes - runStartBytes);
        }
        runStartBytes = nowBytes;
        current = kind;
        version = version + 1;
    }

    /**
     * The member's main thread: what the service's thread has applied and allocated so far, the run of the kind
     * being applied now included.
     *
     * @return the counts.
     */
    Snapshot read()
    {
        while (true)
        {
            final long before = version;
            if ((before & 1) != 0)
            {
                Thread.onSpinWait();
                continue;
            }
            final long thread = threadId;
            final long nowBytes = thread < 0 ? 0 : THREADS.getThreadAllocatedBytes(thread);
            final int kind = current;
            final long[] sums = {bytes.get(HOTPATH), bytes.get(RAW)};
            if (kind >= 0)
            {
                sums[kind] += Math.max(0, nowBytes - runStartBytes);
            }
            final Snapshot snapshot = new Snapshot(messages.get(HOTPATH), sums[HOTPATH], messages.get(RAW), sums[RAW],
                THREADS.getTotalThreadAllocatedBytes(), threads());
            if (version == before)
            {
                return snapshot;
            }
        }
    }
}
