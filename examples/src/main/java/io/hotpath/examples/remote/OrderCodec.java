package io.hotpath.examples.remote;

import io.hotpath.examples.remote.sbe.MessageHeaderDecoder;
import io.hotpath.examples.remote.sbe.MessageHeaderEncoder;
import io.hotpath.examples.remote.sbe.OrderDecoder;
import io.hotpath.examples.remote.sbe.OrderEncoder;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The {@link Order} codec, on SBE's generated flyweights: it writes the SBE message header and the order's fixed
 * block straight into the transport's buffer (the length is fixed, so the frame is claimed and written in place).
 * Keeps flyweights: one instance per thread, registered with {@link #register}. Decoding makes a new order.
 */
public final class OrderCodec implements Codec<Order>
{
    /** The type id of orders in frames. */
    public static final int TYPE_ID = Codecs.FIRST_USER_TYPE_ID + 1;
    private static final int LENGTH = MessageHeaderEncoder.ENCODED_LENGTH + OrderEncoder.BLOCK_LENGTH;

    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final OrderEncoder encoder = new OrderEncoder();
    private final OrderDecoder decoder = new OrderDecoder();

    /**
     * Make a codec with flyweights of its own, for one thread; {@link #register} has the node make one per thread.
     */
    public OrderCodec()
    {
    }

    /**
     * {@return the SBE message this codec writes, by schema, version and template: two nodes agree on orders when
     * their codecs write the same one, whatever the codecs' classes}
     */
    @Override
    public String schema()
    {
        return "sbe:" + OrderEncoder.SCHEMA_ID + ":" + OrderEncoder.SCHEMA_VERSION + ":" + OrderEncoder.TEMPLATE_ID;
    }

    /**
     * {@return the builder, with orders registered under {@link #TYPE_ID}}
     *
     * @param codecs a builder.
     */
    public static Codecs.Builder register(final Codecs.Builder codecs)
    {
        return codecs.add(TYPE_ID, Order.class, OrderCodec::new);
    }

    @Override
    public int encodedLength(final Order message)
    {
        return LENGTH;
    }

    @Override
    public int encode(final Order order, final MutableDirectBuffer buffer, final int offset)
    {
        encoder.wrapAndApplyHeader(buffer, offset, headerEncoder)
            .orderId(order.orderId())
            .instrumentId(order.instrumentId())
            .side(order.side())
            .price(order.price())
            .quantity(order.quantity());
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    @Override
    public Order decode(final DirectBuffer buffer, final int offset, final int length)
    {
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != OrderDecoder.SCHEMA_ID || headerDecoder.templateId() != OrderDecoder.TEMPLATE_ID)
        {
            throw new IllegalArgumentException("not an order: schema " + headerDecoder.schemaId() + ", template " +
                headerDecoder.templateId());
        }
        decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        return new Order(decoder.orderId(), decoder.instrumentId(), decoder.side(), decoder.price(),
            decoder.quantity());
    }
}
