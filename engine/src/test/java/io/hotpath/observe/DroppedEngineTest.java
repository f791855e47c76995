package io.hotpath.observe;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's observability keeps nothing alive by itself: an embedded engine (no thread of its own) that its user
 * dropped without closing it, with JMX and the stall watcher off, is garbage once unreachable, even while the
 * periodic dead-letter event of the process's JFR support is registered.
 */
class DroppedEngineTest
{
    @Test
    void anEmbeddedEngineDroppedWithoutCloseIsCollected() throws Exception
    {
        final WeakReference<Engine> dropped = new WeakReference<>(Engine.start(EngineConfig.builder().workers(1)
            .embedded(0, true).jmx(false).stallThresholdNs(0).build()));
        for (int i = 0; i < 100 && dropped.get() != null; i++)
        {
            System.gc();
            Thread.sleep(20);
        }
        assertThat(dropped.get()).as("an engine nobody references any more").isNull();
    }
}
