package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.remote.example.Order;
import io.hotpath.remote.example.OrderCodec;
import io.hotpath.remote.example.sbe.Side;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The standard codecs and the SBE-generated order codec, alone and between two nodes.
 */
class CodecsTest
{
    @Test
    void standardCodecsRoundTripEveryType()
    {
        final Codecs codecs = Codecs.standard();
        final Codec<?>[] instances = codecs.newInstances();
        final List<Object> values = List.of("plain", "ünïcødé ✓ 𝄞", "", new byte[]{1, 2, 3}, Long.MIN_VALUE, 42,
            (short)-7, (byte)9, Math.PI, 2.5f, true, 'x');
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        for (final Object value : values)
        {
            final int index = codecs.indexOf(value.getClass());
            assertThat(index).as("codec of " + value.getClass()).isNotNegative();
            @SuppressWarnings("unchecked")
            final Codec<Object> codec = (Codec<Object>)instances[index];
            final int length = codec.encodedLength(value);
            assertThat(codec.encode(value, buffer, 3)).isEqualTo(length);
            assertThat(codec.decode(buffer, 3, length)).isEqualTo(value);
        }
        assertThat(codecs.indexOf(Object.class)).isEqualTo(-1);
    }

    @Test
    void registrationsAreCheckedAndSubtypesFindTheirSupertypesCodec()
    {
        assertThatThrownBy(() -> Codecs.builder().addShared(5, Order.class, new OrderCodec()))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserved");
        assertThatThrownBy(() -> OrderCodec.register(OrderCodec.register(Codecs.builder())))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("clashes");
        final Codecs codecs = Codecs.builder().addShared(200, CharSequence.class, new Codec<>()
        {
            @Override
            public int encodedLength(final CharSequence message)
            {
                return 0;
            }

            @Override
            public int encode(final CharSequence message, final org.agrona.MutableDirectBuffer buffer, final int at)
            {
                return 0;
            }

            @Override
            public CharSequence decode(final org.agrona.DirectBuffer buffer, final int offset, final int length)
            {
                return "";
            }
        }).build();
        assertThat(codecs.typeId(codecs.indexOf(StringBuilder.class))).isEqualTo(200);
        assertThat(codecs.typeId(codecs.indexOf(String.class))).isEqualTo(1);
    }

    @Test
    void anSbeOrderTravelsBetweenNodes()
    {
        try (Pair pair = Pair.start("udp", config -> config.codecs(OrderCodec.register(Codecs.builder()).build())))
        {
            pair.b.publish("book", pair.engineB.spawn("book", (ActorContext<Order> ctx) -> (Order order) ->
                ctx.reply(order.quantity() * order.price())));
            final ActorRef<Order> book = pair.fromA("book");
            final Order order = new Order(7, 1234, Side.SELL, 10_050, 300);
            assertThat(book.<Long>ask(order).get(Duration.ofSeconds(20))).isEqualTo(3_015_000L);

            final OrderCodec codec = new OrderCodec();
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
            final int length = codec.encode(order, buffer, 0);
            assertThat(length).isEqualTo(codec.encodedLength(order));
            assertThat(codec.decode(buffer, 0, length)).isEqualTo(order);
        }
    }
}
