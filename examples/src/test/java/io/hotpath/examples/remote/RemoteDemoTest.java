package io.hotpath.examples.remote;

import io.hotpath.examples.remote.sbe.Side;
import io.hotpath.remote.Codecs;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The remote example end to end: two nodes in this JVM over UDP on 127.0.0.1, a tell, asks both ways and a watch;
 * and the order's SBE codec on its own.
 */
class RemoteDemoTest
{
    @Test
    void theBookAndTheRiskCheckTalkAcrossTwoNodes()
    {
        final String bookAddress = RemoteDemo.freeUdpAddress();
        final String riskAddress = RemoteDemo.freeUdpAddress();
        final List<String> printed = new CopyOnWriteArrayList<>();

        final RemoteDemo.Outcome outcome = RemoteDemo.run(bookAddress, riskAddress, printed::add);

        assertThat(outcome.filled()).as("the told buy rested before the asked sell matched it").isEqualTo(50);
        assertThat(outcome.smallApproved()).isTrue();
        assertThat(outcome.largeApproved()).isFalse();
        assertThat(outcome.gone()).isEqualTo("book@" + bookAddress + " is gone");
        assertThat(printed).containsSubsequence(
            "risk node: resolved book@" + bookAddress,
            "book: order 1 rests, BUY 100 @ 10050",
            "book: order 2 fills 50 @ 10050 against order 1",
            "risk node: the book filled 50 of order 2",
            "book node: risk@" + riskAddress + " approves 999: true, 5000: false",
            "risk node: book@" + bookAddress + " is gone");
    }

    @Test
    void theOrderCodecWritesTheSbeHeaderAndFixedBlockAndRefusesAnotherMessage()
    {
        final OrderCodec codec = new OrderCodec();
        final Order order = new Order(7, 1234, Side.SELL, 10_050, 300);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final int length = codec.encode(order, buffer, 3);
        assertThat(length).isEqualTo(codec.encodedLength(order));
        assertThat(codec.decode(buffer, 3, length)).isEqualTo(order);

        buffer.putShort(3 + 2, (short)99);   // the header's template id: not an order
        assertThatThrownBy(() -> codec.decode(buffer, 3, length)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("not an order");
        assertThatThrownBy(() -> OrderCodec.register(OrderCodec.register(Codecs.builder())))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("clashes");
    }
}
