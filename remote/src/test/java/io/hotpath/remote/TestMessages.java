package io.hotpath.remote;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Message types for tests, with codecs that behave badly on purpose.
 */
final class TestMessages
{
    /** No codec is ever registered for it. */
    record Unregistered(int value)
    {
    }

    /** Its codec throws when encoding. */
    record Unencodable(int value)
    {
    }

    /** Its codec encodes, and throws when decoding. */
    record Undecodable(int value)
    {
    }

    private TestMessages()
    {
    }

    static Codecs codecs()
    {
        return Codecs.builder()
            .addShared(100, Unencodable.class, new Codec<>()
            {
                @Override
                public int encodedLength(final Unencodable message)
                {
                    return 4;
                }

                @Override
                public int encode(final Unencodable message, final MutableDirectBuffer buffer, final int offset)
                {
                    throw new IllegalStateException("cannot encode " + message);
                }

                @Override
                public Unencodable decode(final DirectBuffer buffer, final int offset, final int length)
                {
                    return new Unencodable(buffer.getInt(offset));
                }
            })
            .addShared(101, Undecodable.class, new Codec<>()
            {
                @Override
                public int encodedLength(final Undecodable message)
                {
                    return 4;
                }

                @Override
                public int encode(final Undecodable message, final MutableDirectBuffer buffer, final int offset)
                {
                    buffer.putInt(offset, message.value());
                    return 4;
                }

                @Override
                public Undecodable decode(final DirectBuffer buffer, final int offset, final int length)
                {
                    throw new IllegalStateException("cannot decode type 101");
                }
            })
            .build();
    }
}
