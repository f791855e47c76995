package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The sequential examples: a cache whose slow fetch does not block reads of cached keys, and a streaming file copy
 * over asynchronous I/O that never blocks a worker.
 */
class SequentialExamplesTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static Engine engine()
    {
        return Engine.start(EngineConfig.builder().workers(2).idle("backoff")
            .faultListener((ref, m, error, policy) -> { }).build());
    }

    @Test
    void aSlowFetchDoesNotBlockReadsOfCachedKeys()
    {
        try (Engine engine = engine())
        {
            final List<Reply<Object>> pending = new CopyOnWriteArrayList<>();
            final ActorRef<String> backend = engine.actor((ActorContext<String> ctx) -> (String key) ->
            {
                if (key.startsWith("slow"))
                {
                    pending.add(ctx.replyLater());
                }
                else
                {
                    ctx.reply("value of " + key);
                }
            }).name("backend").onWorker(1).spawn();
            final ActorRef<String> cache = CachingService.spawn(engine, backend);
            assertEquals("value of a", cache.<String>ask("a").get(WAIT));
            final Reply<String> slow = cache.ask("slow-b");
            while (pending.isEmpty())
            {
                Thread.onSpinWait();
            }
            assertEquals("value of a", cache.<String>ask("a").get(WAIT), "a cached read while the fetch waits");
            assertFalse(slow.toCompletableFuture().isDone());
            pending.get(0).complete("fetched b");
            assertEquals("fetched b", slow.get(WAIT));
            assertEquals("fetched b", cache.<String>ask("slow-b").get(WAIT), "now cached");
            assertEquals(1, pending.size(), "fetched once");
        }
    }

    @Test
    void streamingCopyAwaitsEachChunk(@TempDir final Path dir) throws Exception
    {
        final byte[] data = new byte[300_000];
        new Random(7).nextBytes(data);
        final Path from = dir.resolve("from.bin");
        final Path to = dir.resolve("to.bin");
        Files.write(from, data);
        try (Engine engine = engine())
        {
            final ActorRef<StreamingCopy.Copy> copier = StreamingCopy.spawn(engine);
            final long copied = copier.<Long>ask(new StreamingCopy.Copy(from, to, 64 * 1024)).get(WAIT);
            assertEquals(data.length, copied);
            assertArrayEquals(data, Files.readAllBytes(to));
        }
    }
}
