package io.hotpath.examples.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.examples.ExampleEngines;
import io.hotpath.examples.remote.sbe.Side;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example of remote actors in docs/REMOTE.md, as written there (its addresses made free ports on 127.0.0.1), on
 * this example's order and codec, with a second node in this JVM playing the book.
 */
class ReadmeExampleTest
{
    @Test
    void theReadmeExampleRuns() throws Exception
    {
        final String bookAddress = RemoteDemo.freeUdpAddress();
        final String riskAddress = RemoteDemo.freeUdpAddress();
        final CompletableFuture<String> gone = new CompletableFuture<>();
        try (Engine bookEngine = Engine.start(ExampleEngines.config(2).build());
             RemoteNode bookNode = RemoteNode.start(bookEngine, RemoteConfig.builder().address(bookAddress)
                 .codecs(OrderCodec.register(Codecs.builder()).build()).build()))
        {
            final ActorRef<Order> bookActor = bookEngine.spawn("book", (ActorContext<Order> ctx) -> order ->
            {
                if (order.side() == Side.SELL)
                {
                    ctx.reply(order.quantity());
                    ctx.stop();
                }
            });
            bookNode.publish("book", bookActor);

            final Reply<Long> answer;
            try (Engine engine = Engine.start(ExampleEngines.config(2).build());
                 RemoteNode node = RemoteNode.start(engine, RemoteConfig.builder().address(riskAddress)
                     .codecs(OrderCodec.register(Codecs.builder()).build()).build()))
            {
                node.publish("risk", engine.spawn("risk", (ActorContext<Order> ctx) -> (Order o) -> ctx.reply(o.quantity() < 1_000)));
                ActorRef<Order> book = node.<Order>resolve(bookAddress, "book").get(Duration.ofSeconds(5));
                book.tell(new Order(1, 7, Side.BUY, 10_050, 100));          // one frame, written in place (tryClaim)
                Reply<Long> filled = book.ask(new Order(2, 7, Side.SELL, 10_040, 50));   // answered on this worker
                engine.watch(book).onComplete((terminated, error) -> gone.complete(String.valueOf(terminated)));
                answer = filled;
                assertThat(filled.get(Duration.ofSeconds(20))).isEqualTo(50L);
                assertThat(gone.get(20, TimeUnit.SECONDS)).contains("book@" + bookAddress);
                final ActorRef<Order> risk = bookNode.<Order>resolve(riskAddress, "risk").get(Duration.ofSeconds(20));
                assertThat(risk.<Boolean>ask(new Order(3, 7, Side.BUY, 1, 999)).get(Duration.ofSeconds(20))).isTrue();
            }
            assertThat(answer.isDone()).isTrue();
        }
    }
}
