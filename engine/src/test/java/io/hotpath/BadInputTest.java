package io.hotpath;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every kind of bad input gets an exception that says what is wrong and how to fix it.
 */
class BadInputTest
{
    @Test
    void badSendsAndSpawnsAreRefusedWithClearMessages()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<String> ref = engine.spawn("taken", ctx -> m -> { });
            assertThat(assertThrows(NullPointerException.class, () -> ref.tell(null)).getMessage())
                .contains("message to actor 'taken' is null");
            assertThrows(NullPointerException.class, () -> ref.offer(null));
            assertThat(assertThrows(NullPointerException.class,
                () -> engine.actor((ActorContext<String> ctx) -> (String m) -> { }).name(null)).getMessage())
                .contains("actor name is null");
            assertThat(assertThrows(IllegalArgumentException.class,
                () -> engine.spawn("taken", ctx -> m -> { })).getMessage())
                .contains("actor name 'taken' is taken");
            assertThat(assertThrows(IllegalArgumentException.class,
                () -> engine.spawn("bad name!", ctx -> m -> { })).getMessage())
                .contains("bad actor name 'bad name!'");
            assertThat(assertThrows(IllegalArgumentException.class,
                () -> engine.spawn("$1", ctx -> m -> { })).getMessage())
                .contains("bad actor name");
            assertThat(assertThrows(IllegalArgumentException.class,
                () -> engine.actor((ActorContext<String> ctx) -> (String m) -> { }).onWorker(2)).getMessage())
                .contains("worker index 2 is out of range", "2 workers (0..1)");
            assertThrows(IllegalArgumentException.class,
                () -> engine.actor((ActorContext<String> ctx) -> (String m) -> { }).onWorker(-1));
            assertThat(assertThrows(NullPointerException.class,
                () -> engine.spawn("x", (ActorFactory<String>)null)).getMessage())
                .contains("actor factory is null");
            assertThat(assertThrows(IllegalArgumentException.class, () -> engine.invoker(0)).getMessage())
                .contains("worker.0.embedded=true");
            try (Engine other = Engine.start(TestEngines.config(1).build()))
            {
                final ActorRef<String> foreign = other.spawn("foreign", ctx -> m -> { });
                assertThat(assertThrows(IllegalArgumentException.class,
                    () -> engine.actor((ActorContext<String> ctx) -> (String m) -> { }).nextTo(foreign)).getMessage())
                    .contains("does not belong to this engine");
                assertThrows(IllegalArgumentException.class, () -> engine.stop(foreign));
            }
        }
    }

    @Test
    void nextToPlacesTheActorOnTheSameWorker()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final ActorRef<String> first = engine.actor((ActorContext<String> ctx) -> (String m) -> { }).onWorker(1).spawn();
            final ActorRef<String> second = engine.actor((ActorContext<String> ctx) -> (String m) -> { }).nextTo(first)
                .spawn();
            assertThat(second.workerIndex()).isEqualTo(1);
            final ActorRef<String> a = engine.spawn(ctx -> m -> { });
            final ActorRef<String> b = engine.spawn(ctx -> m -> { });
            assertThat(a.workerIndex()).isNotEqualTo(b.workerIndex()).as("round robin");
            assertThat(a.name()).startsWith("$");
            assertThat(a.id()).isNotEqualTo(b.id());
        }
    }
}
