package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.AskedMessage;
import io.hotpath.testkit.TestProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The sequential examples: a cache whose slow fetch does not block reads of cached keys, the fastest of three
 * replicas (both on the test kit), and a streaming file copy over asynchronous I/O that never blocks a worker.
 */
class SequentialExamplesTest
{
    @Test
    void aSlowFetchDoesNotBlockReadsOfCachedKeys()
    {
        try (ActorTestKit kit = ActorTestKit.start(2))
        {
            final TestProbe<String> backend = kit.probe("backend", 1);
            final ActorRef<String> cache = CachingService.spawn(kit.engine(), backend.ref());
            final Reply<String> a = cache.ask("a");
            backend.expectAsk().reply("value of a");
            assertEquals("value of a", kit.result(a));

            final Reply<String> slow = cache.ask("b");
            final AskedMessage<String> fetch = backend.expectAsk();
            assertEquals("value of a", kit.result(cache.ask("a")), "a cached read while the fetch waits");
            assertThat(slow.toCompletableFuture()).isNotDone();
            fetch.reply("fetched b");
            assertEquals("fetched b", kit.result(slow));
            assertEquals("fetched b", kit.result(cache.ask("b")), "now cached");
            backend.expectNoMessage();
        }
    }

    @Test
    void theFastestReplicaAnswersAndTheOthersAreCancelledBeforeTheClientMovesOn()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final List<String> events = new ArrayList<>();
            final List<ActorRef<String>> replicas = List.of(
                FastestShard.replica(kit.engine(), "r1", Duration.ofMillis(30), events::add),
                FastestShard.replica(kit.engine(), "r2", Duration.ofMillis(10), events::add),
                FastestShard.replica(kit.engine(), "r3", Duration.ofMillis(20), events::add));
            final ActorRef<String> client = FastestShard.client(kit.engine(), replicas);
            assertEquals("r2: value of k", kit.result(client.ask("k")));
            assertThat(kit.elapsed()).isBetween(Duration.ofMillis(10), Duration.ofMillis(11));
            assertThat(events).containsExactlyInAnyOrder("r1 cancelled", "r3 cancelled");
            kit.advance(Duration.ofMillis(100));
            assertThat(events).hasSize(2);
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
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            final ActorRef<StreamingCopy.Copy> copier = StreamingCopy.spawn(engine);
            final long copied = copier.<Long>ask(new StreamingCopy.Copy(from, to, 64 * 1024))
                .get(Duration.ofSeconds(20));
            assertEquals(data.length, copied);
            assertArrayEquals(data, Files.readAllBytes(to));
        }
    }
}
