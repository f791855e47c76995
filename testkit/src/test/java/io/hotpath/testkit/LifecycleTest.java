package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.EngineClosedException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Closing a kit delivers what is queued, as closing a running engine does, and ends the workers' threads; the
 * engine may also be closed directly, or by an actor.
 */
class LifecycleTest
{
    @Test
    void closeDeliversWhatIsQueuedThenRefusesSends()
    {
        final List<String> handled = new ArrayList<>();
        final ActorRef<String> sink;
        try (ActorTestKit kit = ActorTestKit.start(2))
        {
            sink = kit.engine().actor((ActorContext<String> ctx) -> (String m) -> handled.add(m)).onWorker(1).spawn();
            sink.tell("a");
            sink.tell("b");
        }
        assertThat(handled).containsExactly("a", "b");
        assertThatThrownBy(() -> sink.tell("c")).isInstanceOf(EngineClosedException.class);
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("hp-worker-") &&
            t.isAlive() && t.getState() != Thread.State.TERMINATED && isKitDriver(t));
    }

    private static boolean isKitDriver(final Thread t)
    {
        for (final StackTraceElement frame : t.getStackTrace())
        {
            if (frame.getClassName().equals(WorkerDriver.class.getName()))
            {
                return true;
            }
        }
        return false;
    }

    @Test
    void anEngineClosedByAnActorOrDirectlyFinishesAndTheKitClosesAfterIt()
    {
        final ActorTestKit kit = ActorTestKit.start();
        final ActorRef<String> closer = kit.engine().spawn("closer",
            (ActorContext<String> ctx) -> (String m) -> ctx.engine().close());
        closer.tell("close");
        kit.runUntilIdle();
        assertThat(kit.engine().isClosed()).isTrue();
        assertThat(kit.engine().awaitTermination(java.time.Duration.ofSeconds(20))).isTrue();
        kit.close();
        kit.close();

        final ActorTestKit direct = ActorTestKit.start(2);
        direct.engine().close();
        assertThat(direct.engine().awaitTermination(java.time.Duration.ofSeconds(20))).isTrue();
        direct.close();
    }
}
