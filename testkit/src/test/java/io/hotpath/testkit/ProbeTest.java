package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Probes: an actor under test sends to a probe's address, and the test receives and asserts what came, in order,
 * with timeouts in virtual time.
 */
class ProbeTest
{
    private ActorTestKit kit;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start();
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    /** Greets each name it is told, to the probe given at spawn. */
    private ActorRef<String> greeter(final ActorRef<String> out)
    {
        return kit.engine().spawn("greeter", ctx -> name -> out.tell("hello " + name));
    }

    @Test
    void expectMessageReceivesWhatTheActorSentInOrder()
    {
        final TestProbe<String> probe = kit.probe();
        final ActorRef<String> greeter = greeter(probe.ref());
        greeter.tell("ada");
        greeter.tell("bob");
        probe.expectMessage("hello ada");
        assertThat(probe.receiveMessage()).isEqualTo("hello bob");
        probe.expectNoMessage();
    }

    @Test
    void aWrongOrMissingMessageFailsWithWhatCameInstead()
    {
        kit.close();
        // no grace in real time after the virtual timeout: nothing outside the engine sends here
        kit = ActorTestKit.start(new TestKitSettings().realTimeGrace(Duration.ZERO));
        final TestProbe<String> probe = kit.probe("out");
        final ActorRef<String> greeter = greeter(probe.ref());
        greeter.tell("ada");
        assertThatThrownBy(() -> probe.expectMessage("hello bob"))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("probe 'out': expected hello bob but received hello ada");
        assertThatThrownBy(() -> probe.receiveMessage(Duration.ofSeconds(1)))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("probe 'out': no message within PT1S of virtual time");
        greeter.tell("carl");
        assertThatThrownBy(() -> probe.expectNoMessage(Duration.ofMillis(10)))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("expected no message within PT0.01S, received hello carl");
    }

    @Test
    void receiveMessagesTakesSeveralAndFishingSkipsToTheOneLookedFor()
    {
        final TestProbe<Integer> probe = kit.probe();
        final ActorRef<Integer> counter = kit.engine().spawn("counter", ctx -> (Integer n) ->
        {
            for (int i = 1; i <= n; i++)
            {
                probe.ref().tell(i);
            }
        });
        counter.tell(10);
        assertThat(probe.receiveMessages(3)).containsExactly(1, 2, 3);
        final List<Integer> fished = probe.fishForMessage(Duration.ofSeconds(1), n ->
            n == 8 ? FishingOutcome.COMPLETE : n % 2 == 0 ? FishingOutcome.CONTINUE : FishingOutcome.CONTINUE_AND_IGNORE);
        assertThat(fished).containsExactly(4, 6, 8);
        assertThat(probe.expectMessageClass(Integer.class)).isEqualTo(9);
        probe.expectMessage(10);
    }

    @Test
    void theTestAnswersAnAskInTheProbesPlace()
    {
        final TestProbe<String> backend = kit.probe("backend");
        final TestProbe<String> out = kit.probe("out");
        final ActorRef<String> client = kit.engine().spawn("client", (ActorContext<String> ctx) -> (String key) ->
            backend.ref().<String>ask(key).onComplete((value, error) ->
                out.ref().tell(error == null ? key + "=" + value : key + " failed: " + error.getMessage())));
        client.tell("a");
        final AskedMessage<String> asked = backend.expectAsk();
        assertThat(asked.message()).isEqualTo("a");
        out.expectNoMessage();
        asked.reply("1");
        out.expectMessage("a=1");

        client.tell("b");
        backend.expectAsk().fail(new IllegalStateException("backend down"));
        out.expectMessage("b failed: backend down");

        backend.ref().tell("just told");
        assertThatThrownBy(backend::expectAsk).hasMessageContaining("expected an ask but received a tell: just told");
    }

    @Test
    void theTestItselfAsksAndGetsTheAnswer()
    {
        final ActorRef<Integer> squarer = kit.engine().spawn("squarer", (ActorContext<Integer> ctx) -> (Integer n) ->
        {
            if (n < 0)
            {
                throw new IllegalArgumentException("negative: " + n);
            }
            ctx.reply(n * n);
        });
        final Reply<Integer> nine = squarer.ask(3);
        assertThat(kit.result(nine)).isEqualTo(9);
        assertThat(kit.failure(squarer.ask(-1))).isInstanceOf(IllegalArgumentException.class)
            .hasMessage("negative: -1");
        kit.faults().expectNone();   // an exception that answers an ask goes to the asker: it is no fault
    }
}
