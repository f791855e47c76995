package io.hotpath.observe;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.WorkerInvoker;
import org.junit.jupiter.api.Test;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inbound queue's high-water mark after a reset holds the most frames seen since, not since the start: through
 * {@code Engine.resetHighWater()} and through the engine's MBean. One embedded worker that the test drives, so each
 * drain takes exactly the frames a thread outside the engine queued before it.
 */
class HighWaterResetTest
{
    @Test
    void aResetForgetsTheWarmUpsDepthAndTheNextDrainsRecordTheirs() throws Exception
    {
        final EngineConfig config = EngineConfig.builder().workers(1).embedded(0, true).engineName("high-water-test")
            .build();
        try (Engine engine = Engine.start(config))
        {
            final WorkerInvoker worker = engine.invoker(0);
            final AtomicInteger handled = new AtomicInteger();
            final ActorRef<Integer> sink = engine.spawn("sink", (ActorContext<Integer> ctx) -> (Integer m) ->
                handled.incrementAndGet());
            drain(worker);

            sendFromOutside(sink, 50);
            drain(worker);
            assertThat(handled).hasValue(50);
            assertThat(inboundHighWater(engine)).isEqualTo(50);

            engine.resetHighWater();
            assertThat(inboundHighWater(engine)).isZero();
            assertThat(engine.stats().workers().get(0).outboundHighWater()).isZero();

            sendFromOutside(sink, 7);
            drain(worker);
            assertThat(handled).hasValue(57);
            assertThat(inboundHighWater(engine)).as("the most frames seen since the reset").isEqualTo(7);

            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            server.invoke(new ObjectName("io.hotpath:type=Engine,name=high-water-test"), "resetHighWater", null, null);
            assertThat(inboundHighWater(engine)).isZero();
            assertThat((Integer)server.getAttribute(new ObjectName(
                "io.hotpath:type=Worker,engine=high-water-test,name=hp-worker-0"), "InboundHighWater")).isZero();

            sendFromOutside(sink, 3);
            drain(worker);
            assertThat(inboundHighWater(engine)).isEqualTo(3);
        }
    }

    /** Offers {@code n} messages from a thread of its own: not the worker's, so they go through its inbound queue. */
    private static void sendFromOutside(final ActorRef<Integer> target, final int n) throws InterruptedException
    {
        final Thread outside = new Thread(() ->
        {
            for (int i = 0; i < n; i++)
            {
                target.tell(i);
            }
        }, "outside-sender");
        outside.start();
        outside.join();
    }

    private static void drain(final WorkerInvoker worker)
    {
        while (worker.doWork() > 0)
        {
            Thread.onSpinWait();
        }
    }

    private static int inboundHighWater(final Engine engine)
    {
        return engine.stats().workers().get(0).inboundHighWater();
    }
}
