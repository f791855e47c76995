package io.hotpath.testkit;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultPolicy;
import io.hotpath.OutputPort;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The engine's dead letters and its actors' exceptions, kept by the kit until the test takes them, and listed
 * whenever a wait fails.
 */
class DeadLettersAndFaultsTest
{
    private ActorTestKit kit;

    @BeforeEach
    void start()
    {
        kit = ActorTestKit.start(new TestKitSettings().realTimeGrace(Duration.ZERO)
            .engine(b -> b.faultListener((actor, message, error, policy) -> { })));
    }

    @AfterEach
    void close()
    {
        kit.close();
    }

    @Test
    void aMessageToAStoppedActorIsADeadLetterTheTestTakes()
    {
        final ActorRef<String> gone = kit.engine().spawn("gone", (ActorContext<String> ctx) -> (String m) -> { });
        kit.engine().stop(gone);
        kit.expectStopped(gone);
        gone.tell("anyone there?");
        final DeadLetter letter = kit.deadLetters().expect(DeadLetterReason.ACTOR_STOPPED, gone);
        assertThat(letter.message()).isEqualTo("anyone there?");
        kit.deadLetters().expectNone();
    }

    @Test
    void aSendThroughAnUnboundPortIsADeadLetterUntilThePortIsBound()
    {
        final TestProbe<Integer> consumer = kit.probe("consumer");
        final OutputPort<?>[] port = new OutputPort<?>[1];
        final ActorRef<Integer> producer = kit.engine().spawn("producer", (ActorContext<Integer> ctx) ->
        {
            final OutputPort<Integer> out = new OutputPort<>(ctx, "out");
            port[0] = out;
            return out::tell;
        });
        producer.tell(1);
        assertThat(kit.deadLetters().expect(DeadLetterReason.PORT_UNBOUND).message()).isEqualTo(1);
        @SuppressWarnings("unchecked")
        final OutputPort<Integer> out = (OutputPort<Integer>)port[0];
        out.bind(consumer.ref());
        producer.tell(2);
        consumer.expectMessage(2);
        kit.deadLetters().expectNone(Duration.ofSeconds(1));
    }

    @Test
    void anExceptionAnActorThrowsIsAFaultTheTestTakes()
    {
        final ActorRef<String> fragile = kit.engine().actor((ActorContext<String> ctx) -> (String m) ->
        {
            throw new IllegalStateException("cannot handle " + m);
        }).name("fragile").faultPolicy(FaultPolicy.stop()).spawn();
        fragile.tell("x");
        final Fault fault = kit.faults().expect(IllegalStateException.class);
        assertThat(fault.actor()).isEqualTo(fragile);
        assertThat(fault.message()).isEqualTo("x");
        assertThat(fault.error()).hasMessage("cannot handle x");
        assertThat(fault.policy()).isEqualTo(FaultPolicy.stop());
        kit.expectStopped(fragile);
        kit.faults().expectNone();
    }

    @Test
    void aFactoryThatThrowsIsAFaultWithoutMessageAndTheActorsMailIsDeadLetters()
    {
        final ActorRef<String> broken = kit.engine().spawn("broken", (ActorContext<String> ctx) ->
        {
            throw new IllegalArgumentException("no config");
        });
        broken.tell("hello");
        assertThat(kit.faults().expect(IllegalArgumentException.class).message()).isNull();
        kit.expectStopped(broken);
        broken.tell("anyone?");
        assertThat(kit.deadLetters().takeAll()).extracting(DeadLetter::message).containsExactly("hello", "anyone?");
    }

    @Test
    void aFailedWaitListsTheFaultsAndDeadLettersNotTakenAndCarriesTheFirstError()
    {
        final ActorRef<String> fragile = kit.engine().spawn("fragile", (ActorContext<String> ctx) -> (String m) ->
        {
            throw new IllegalStateException("broken on " + m);
        });
        final TestProbe<String> probe = kit.probe("never-told");
        fragile.tell("first");
        kit.engine().stop(fragile);
        kit.expectStopped(fragile);
        fragile.tell("second");
        assertThatThrownBy(() -> probe.receiveMessage(Duration.ofMillis(10)))
            .isInstanceOf(AssertionError.class)
            .hasMessageContaining("probe 'never-told': no message within PT0.01S")
            .hasMessageContaining("faults not taken by the test (1):", "'fragile' threw java.lang.IllegalStateException" +
                ": broken on first on first")
            .hasMessageContaining("dead letters not taken by the test (1):", "ACTOR_STOPPED to 'fragile': second")
            .cause().hasMessage("broken on first");
        assertThatThrownBy(kit.faults()::expectNone).hasMessageContaining("expected no faults");
        assertThatThrownBy(kit.deadLetters()::expectNone).hasMessageContaining("expected no dead letters");
        assertThat(kit.faults().takeAll()).hasSize(1);
        assertThat(kit.deadLetters().takeAll()).hasSize(1);
    }
}
