package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Sequential code with await, three ways: a cache whose slow fetch does not hold up reads of cached keys, a file
 * copied chunk by chunk over asynchronous I/O, and a read from the fastest of three replicas. Needs
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}. Main thread only.
 */
public final class SequentialDemo
{
    private static final Duration WAIT = Duration.ofSeconds(30);

    private SequentialDemo()
    {
    }

    /**
     * @param args none.
     * @throws IOException when the temporary files cannot be written.
     */
    public static void main(final String[] args) throws IOException
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            cache(engine);
            copy(engine);
            final List<ActorRef<String>> replicas = List.of(
                FastestShard.replica(engine, "r1", Duration.ofMillis(300), System.out::println),
                FastestShard.replica(engine, "r2", Duration.ofMillis(20), System.out::println),
                FastestShard.replica(engine, "r3", Duration.ofMillis(200), System.out::println));
            final ActorRef<String> client = FastestShard.client(engine, replicas);
            System.out.println("fastest shard: " + client.<String>ask("k").get(WAIT));
        }
    }

    private static void cache(final Engine engine)
    {
        // the backend takes 200 ms over "slow-" keys and answers the others at once
        final ActorRef<String> backend = engine.actor((ActorContext<String> ctx) -> (String key) ->
        {
            if (key.startsWith("slow-"))
            {
                Await.sleep(Duration.ofMillis(200));
            }
            ctx.reply("value of " + key);
        }).name("backend").onWorker(1).sequential().spawn();
        final ActorRef<String> cache = CachingService.spawn(engine, backend);
        final Reply<String> slow = cache.ask("slow-b");
        System.out.println("cache: a miss on slow-b is being fetched...");
        for (int i = 0; i < 3; i++)
        {
            System.out.println("cache: meanwhile a = " + cache.<String>ask("a").get(WAIT) +
                (slow.toCompletableFuture().isDone() ? "" : " (slow-b still on its way)"));
        }
        System.out.println("cache: slow-b = " + slow.get(WAIT) + ", then from the cache: " +
            cache.<String>ask("slow-b").get(WAIT));
    }

    private static void copy(final Engine engine) throws IOException
    {
        final Path dir = Files.createTempDirectory("hotpath-copy");
        final byte[] data = new byte[1 << 20];
        new Random(7).nextBytes(data);
        final Path from = Files.write(dir.resolve("from.bin"), data);
        final Path to = dir.resolve("to.bin");
        final long copied = StreamingCopy.spawn(engine).<Long>ask(new StreamingCopy.Copy(from, to, 64 * 1024))
            .get(WAIT);
        System.out.println("streaming copy: " + copied + " bytes in 64 KB chunks, each read and write awaited; same " +
            "content: " + Arrays.equals(data, Files.readAllBytes(to)));
        Files.delete(from);
        Files.delete(to);
        Files.delete(dir);
    }
}
