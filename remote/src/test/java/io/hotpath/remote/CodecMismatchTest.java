package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.UndeliveredException;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Two nodes whose codec tables disagree: A registers {@link Num} as type 100, B registers {@link Ping} there, both
 * eight bytes long (before the handshake compared the tables, a Num arrived at B as a Ping). A type registered under
 * different ids, and one whose codecs differ in {@link Codec#schema()}, are refused too; types both agree on go on.
 */
class CodecMismatchTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    /** A's type 100. */
    record Num(long value)
    {
    }

    /** B's type 100. */
    record Ping(long sequence)
    {
    }

    /** Type 101 on A, 102 on B. */
    record Qty(long value)
    {
    }

    /** Type 103 on both, with codecs of different schemas. */
    record Price(long value)
    {
    }

    private RemoteLog log;

    @BeforeEach
    void captureTheLog()
    {
        log = new RemoteLog();
    }

    @AfterEach
    void releaseTheLog()
    {
        log.close();
    }

    /** Eight bytes, little-endian, read back by a constructor: the codec of each of the test's types. */
    private static <M> Codec<M> longCodec(final java.util.function.ToLongFunction<M> value,
        final java.util.function.LongFunction<M> make, final String schema)
    {
        return new Codec<>()
        {
            @Override
            public int encodedLength(final M message)
            {
                return Long.BYTES;
            }

            @Override
            public int encode(final M message, final MutableDirectBuffer buffer, final int offset)
            {
                buffer.putLong(offset, value.applyAsLong(message), ByteOrder.LITTLE_ENDIAN);
                return Long.BYTES;
            }

            @Override
            public M decode(final DirectBuffer buffer, final int offset, final int length)
            {
                return make.apply(buffer.getLong(offset, ByteOrder.LITTLE_ENDIAN));
            }

            @Override
            public String schema()
            {
                return schema;
            }
        };
    }

    private static Codecs codecsOfA()
    {
        return TestMessages.FillCodec.register(Codecs.builder())
            .addShared(100, Num.class, longCodec(Num::value, Num::new, "num"))
            .addShared(101, Qty.class, longCodec(Qty::value, Qty::new, "qty"))
            .addShared(103, Price.class, longCodec(Price::value, Price::new, "price v1"))
            .build();
    }

    private static Codecs codecsOfB()
    {
        return TestMessages.FillCodec.register(Codecs.builder())
            .addShared(100, Ping.class, longCodec(Ping::sequence, Ping::new, "ping"))
            .addShared(102, Qty.class, longCodec(Qty::value, Qty::new, "qty"))
            .addShared(103, Price.class, longCodec(Price::value, Price::new, "price v2"))
            .build();
    }

    @Test
    void typeIdsTheTwoTablesDisagreeOnAreRefusedBothWaysWithAClearErrorOnEachNode() throws Exception
    {
        try (Engine engineA = Nodes.engine();
             Engine engineB = Nodes.engine();
             RemoteNode a = RemoteNode.start(engineA, Nodes.udp().codecs(codecsOfA()).build());
             RemoteNode b = RemoteNode.start(engineB, Nodes.udp().codecs(codecsOfB()).build()))
        {
            final List<Object> received = new CopyOnWriteArrayList<>();
            b.publish("sink", engineB.spawn("sink", (ActorContext<Object> ctx) -> (Object m) ->
            {
                received.add(m);
                if (m instanceof TestMessages.Fill)
                {
                    ctx.reply(m);
                }
                else if (m instanceof String)
                {
                    ctx.reply(new Ping(9));
                }
            }));
            final ActorRef<Object> sink = a.resolve(b.address().toString(), "sink").get(WAIT);

            sink.tell(new Num(42));
            assertThat(engineA.deadLetters().count(DeadLetterReason.CODEC_MISMATCH)).isEqualTo(1);
            assertThatThrownBy(() -> sink.ask(new Num(43)).get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class)
                .hasMessageContaining("CODEC_MISMATCH")
                .hasMessageContaining("type id 100 is " + Num.class.getName() + " on node " + a.address())
                .hasMessageContaining(Ping.class.getName() + " on node " + b.address())
                .hasMessageContaining("register the same type, with the same codec, under the same type id");
            sink.tell(new Qty(5));
            sink.tell(new Price(6));
            assertThat(engineA.deadLetters().count(DeadLetterReason.CODEC_MISMATCH)).isEqualTo(4);

            // what the two agree on goes on, in both directions; B's answer of a type they disagree on does not
            final TestMessages.Fill fill = new TestMessages.Fill(1, 2, 3);
            assertThat(sink.<TestMessages.Fill>ask(fill).get(WAIT)).isEqualTo(fill);
            assertThatThrownBy(() -> sink.ask("a ping, please").get(WAIT))
                .hasCauseInstanceOf(UndeliveredException.class).hasMessageContaining("CODEC_MISMATCH");
            assertThat(engineB.deadLetters().count(DeadLetterReason.CODEC_MISMATCH)).isEqualTo(1);
            assertThat(received).as("nothing of a type the nodes disagree on arrived at B")
                .containsExactly(fill, "a ping, please");

            assertThat(a.stats().codecMismatches()).isEqualTo(3);
            assertThat(b.stats().codecMismatches()).isEqualTo(3);
            final String here = "type id 100 is " + Num.class.getName() + " on node " + a.address() + " and " +
                Ping.class.getName() + " on node " + b.address();
            final String there = "type id 100 is " + Ping.class.getName() + " on node " + b.address() + " and " +
                Num.class.getName() + " on node " + a.address();
            assertThat(log.messages()).as("each node logs what it found, with both types and the fix")
                .anySatisfy(w -> assertThat(w).contains(here).contains("CODEC_MISMATCH"))
                .anySatisfy(w -> assertThat(w).contains(there).contains("CODEC_MISMATCH"))
                .anySatisfy(w -> assertThat(w).contains(Qty.class.getName() + " is type id 101 on node " +
                    a.address() + " and type id 102 on node " + b.address()))
                .anySatisfy(w -> assertThat(w).contains("type id 103 is " + Price.class.getName() +
                    " on both nodes, but their codecs differ").contains("\"price v1\""));
        }
    }

    @Test
    void nodesThatAgreeRefuseNothingAndACodecsSchemaIsItsClassNameByDefault()
    {
        assertThat(new TestMessages.FillCodec().schema()).isEqualTo(TestMessages.FillCodec.class.getName());
        try (Pair pair = Pair.start("ipc", config -> config.codecs(codecsOfA())))
        {
            pair.b.publish("echo", pair.engineB.spawn("echo", (ActorContext<Object> ctx) -> (Object m) -> ctx.reply(m)));
            final ActorRef<Object> echo = pair.fromA("echo");
            assertThat(echo.<Object>ask(new Num(7)).get(WAIT)).isEqualTo(new Num(7));
            assertThat(pair.a.stats().codecMismatches()).isZero();
            assertThat(pair.b.stats().codecMismatches()).isZero();
            assertThat(log.messages()).noneSatisfy(w -> assertThat(w).contains("CODEC_MISMATCH"));
        }
    }
}
