package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class SmokeTest
{
    @Test
    void tellAndAskOverUdp() throws Exception
    {
        try (Engine engineA = Nodes.engine(); Engine engineB = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().build());
             RemoteNode b = RemoteNode.start(engineB, Nodes.udp().build()))
        {
            final CompletableFuture<String> got = new CompletableFuture<>();
            b.publish("echo", engineB.spawn("echo", (io.hotpath.ActorContext<String> ctx) -> (String m) ->
            {
                got.complete(m);
                ctx.reply(m.toUpperCase());
            }));
            final ActorRef<String> echo = a.<String>resolve(b.address().toString(), "echo").get(Duration.ofSeconds(10));
            echo.tell("hello");
            assertThat(got.get(10, TimeUnit.SECONDS)).isEqualTo("hello");
            assertThat(echo.<String>ask("abc").get(Duration.ofSeconds(10))).isEqualTo("ABC");
        }
    }
}
