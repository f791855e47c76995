package io.hotpath.bench.jmh;

import io.hotpath.Reply;

import java.util.ArrayList;
import java.util.List;

/**
 * Replies that two workers both write each round trip, kept off the cache lines of whatever else a benchmark
 * allocates around them. Thread safe (benchmark setup only).
 */
final class SpacedReplies
{
    private static final List<long[]> SPACERS = new ArrayList<>();

    private SpacedReplies()
    {
    }

    /**
     * @return a reply with a spare 128 bytes allocated on each side of it, kept alive: a heap neighbour that one of
     * the workers writes (a benchmark's counter, another reply) would otherwise share its cache line in some forks
     * and not others, depending on where allocation happened to put them.
     */
    static synchronized Reply<Object> create()
    {
        SPACERS.add(new long[16]);
        final Reply<Object> reply = new Reply<>();
        SPACERS.add(new long[16]);
        return reply;
    }
}
