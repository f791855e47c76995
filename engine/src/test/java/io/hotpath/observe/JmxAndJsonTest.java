package io.hotpath.observe;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The counters from outside: MBeans on the platform MBean server while the engine runs, and the stats as JSON. */
class JmxAndJsonTest
{
    @Test
    void aWorkersHandledCountIsReadOverThePlatformMBeanServer() throws Exception
    {
        final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        final ObjectName worker = new ObjectName("io.hotpath:type=Worker,engine=jmx-test,name=hp-worker-0");
        final ObjectName engineName = new ObjectName("io.hotpath:type=Engine,name=jmx-test");
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").engineName("jmx-test")
            .build()))
        {
            final CountDownLatch done = new CountDownLatch(100);
            final ActorRef<Integer> counter = engine.spawn("counter", (ActorContext<Integer> ctx) -> (Integer m) ->
                done.countDown());
            for (int i = 0; i < 100; i++)
            {
                counter.tell(i);
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            StallDetectorTest.awaitCondition(() -> engine.stats().workers().get(0).handled() >= 100);
            assertThat((Long)server.getAttribute(worker, "HandledCount")).isGreaterThanOrEqualTo(100L);
            assertThat(server.getAttribute(worker, "Name")).isEqualTo("hp-worker-0");
            assertThat((Long)server.getAttribute(worker, "HandlerP99Ns")).isEqualTo(-1L);
            assertThat((Long)server.getAttribute(engineName, "HandledCount")).isGreaterThanOrEqualTo(100L);
            assertThat((String)server.getAttribute(engineName, "StatsJson")).contains("\"name\":\"counter\"");
        }
        assertThat(server.isRegistered(worker)).isFalse();
        assertThat(server.isRegistered(engineName)).isFalse();
    }

    @Test
    void theStatsReadAsJson() throws Exception
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").histograms(true)
            .jmx(false).build()))
        {
            final CountDownLatch done = new CountDownLatch(10);
            final ActorRef<Integer> counted = engine.spawn("json.me", (ActorContext<Integer> ctx) -> (Integer m) ->
                done.countDown());
            for (int i = 0; i < 10; i++)
            {
                counted.tell(i);
            }
            assertTrue(done.await(30, TimeUnit.SECONDS));
            final String json = engine.stats().toJson();
            assertThat(json).startsWith("{\"workers\":[{\"index\":0,").endsWith("}")
                .contains("\"name\":\"hp-worker-1\"", "\"handlerNs\":{\"count\":", "\"p99\":",
                    "\"deadLetters\":{\"actor_stopped\":0,", "\"totalDeadLetters\":0");
            assertThat(json.chars().filter(c -> c == '{').count()).isEqualTo(json.chars().filter(c -> c == '}').count());
            assertThat(engine.stats().toString()).contains("latency (ns)", "handler");
        }
    }
}
