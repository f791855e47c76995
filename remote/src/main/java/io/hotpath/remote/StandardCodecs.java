package io.hotpath.remote;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The codecs every node has: {@code String} (UTF-8), {@code byte[]} and the primitive wrappers, little-endian.
 * Stateless, shared by every thread. Decoding allocates (strings, arrays and boxes are immutable or owned by the
 * receiver), except for the boxes the JDK caches.
 */
final class StandardCodecs
{
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    private StandardCodecs()
    {
    }

    static void addTo(final Codecs.Builder builder)
    {
        builder.addAny(1, String.class, Utf8::new);
        builder.addAny(2, byte[].class, Bytes::new);
        builder.addAny(3, Long.class, () -> Fixed.LONG);
        builder.addAny(4, Integer.class, () -> Fixed.INTEGER);
        builder.addAny(5, Short.class, () -> Fixed.SHORT);
        builder.addAny(6, Byte.class, () -> Fixed.BYTE);
        builder.addAny(7, Double.class, () -> Fixed.DOUBLE);
        builder.addAny(8, Float.class, () -> Fixed.FLOAT);
        builder.addAny(9, Boolean.class, () -> Fixed.BOOLEAN);
        builder.addAny(10, Character.class, () -> Fixed.CHARACTER);
    }

    /** UTF-8 without a length prefix: the frame carries the length. Encodes without allocating. */
    static final class Utf8 implements Codec<String>
    {
        @Override
        public int encodedLength(final String message)
        {
            int length = 0;
            for (int i = 0, n = message.length(); i < n; i++)
            {
                final char c = message.charAt(i);
                if (c < 0x80)
                {
                    length++;
                }
                else if (c < 0x800)
                {
                    length += 2;
                }
                else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(message.charAt(i + 1)))
                {
                    length += 4;
                    i++;
                }
                else
                {
                    length += 3;
                }
            }
            return length;
        }

        @Override
        public int encode(final String message, final MutableDirectBuffer buffer, final int offset)
        {
            int at = offset;
            for (int i = 0, n = message.length(); i < n; i++)
            {
                final char c = message.charAt(i);
                if (c < 0x80)
                {
                    buffer.putByte(at++, (byte)c);
                }
                else if (c < 0x800)
                {
                    buffer.putByte(at++, (byte)(0xC0 | (c >> 6)));
                    buffer.putByte(at++, (byte)(0x80 | (c & 0x3F)));
                }
                else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(message.charAt(i + 1)))
                {
                    final int cp = Character.toCodePoint(c, message.charAt(++i));
                    buffer.putByte(at++, (byte)(0xF0 | (cp >> 18)));
                    buffer.putByte(at++, (byte)(0x80 | ((cp >> 12) & 0x3F)));
                    buffer.putByte(at++, (byte)(0x80 | ((cp >> 6) & 0x3F)));
                    buffer.putByte(at++, (byte)(0x80 | (cp & 0x3F)));
                }
                else
                {
                    // a lone surrogate is written as U+FFFD, as String.getBytes(UTF_8) does with '?'
                    final char written = Character.isSurrogate(c) ? '\uFFFD' : c;
                    buffer.putByte(at++, (byte)(0xE0 | (written >> 12)));
                    buffer.putByte(at++, (byte)(0x80 | ((written >> 6) & 0x3F)));
                    buffer.putByte(at++, (byte)(0x80 | (written & 0x3F)));
                }
            }
            return at - offset;
        }

        @Override
        public String decode(final DirectBuffer buffer, final int offset, final int length)
        {
            return buffer.getStringWithoutLengthUtf8(offset, length);
        }
    }

    /** The array's bytes as they are. */
    static final class Bytes implements Codec<byte[]>
    {
        @Override
        public int encodedLength(final byte[] message)
        {
            return message.length;
        }

        @Override
        public int encode(final byte[] message, final MutableDirectBuffer buffer, final int offset)
        {
            buffer.putBytes(offset, message);
            return message.length;
        }

        @Override
        public byte[] decode(final DirectBuffer buffer, final int offset, final int length)
        {
            final byte[] bytes = new byte[length];
            buffer.getBytes(offset, bytes);
            return bytes;
        }
    }

    /** The primitive wrappers, each in its fixed width. */
    static final class Fixed<M> implements Codec<M>
    {
        static final Fixed<Long> LONG = new Fixed<>(Long.class, Long.BYTES);
        static final Fixed<Integer> INTEGER = new Fixed<>(Integer.class, Integer.BYTES);
        static final Fixed<Short> SHORT = new Fixed<>(Short.class, Short.BYTES);
        static final Fixed<Byte> BYTE = new Fixed<>(Byte.class, Byte.BYTES);
        static final Fixed<Double> DOUBLE = new Fixed<>(Double.class, Double.BYTES);
        static final Fixed<Float> FLOAT = new Fixed<>(Float.class, Float.BYTES);
        static final Fixed<Boolean> BOOLEAN = new Fixed<>(Boolean.class, 1);
        static final Fixed<Character> CHARACTER = new Fixed<>(Character.class, Character.BYTES);

        private final Class<M> type;
        private final int width;

        private Fixed(final Class<M> type, final int width)
        {
            this.type = type;
            this.width = width;
        }

        @Override
        public int encodedLength(final M message)
        {
            return width;
        }

        @Override
        public int encode(final M message, final MutableDirectBuffer buffer, final int offset)
        {
            switch (message)
            {
                case Long value -> buffer.putLong(offset, value, ORDER);
                case Integer value -> buffer.putInt(offset, value, ORDER);
                case Short value -> buffer.putShort(offset, value, ORDER);
                case Byte value -> buffer.putByte(offset, value);
                case Double value -> buffer.putDouble(offset, value, ORDER);
                case Float value -> buffer.putFloat(offset, value, ORDER);
                case Boolean value -> buffer.putByte(offset, (byte)(value ? 1 : 0));
                case Character value -> buffer.putChar(offset, value, ORDER);
                default -> throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + message);
            }
            return width;
        }

        @Override
        public M decode(final DirectBuffer buffer, final int offset, final int length)
        {
            if (length != width)
            {
                throw new IllegalArgumentException(type.getSimpleName() + " takes " + width + " bytes, the frame " +
                    "holds " + length);
            }
            final Object value;
            if (type == Long.class)
            {
                value = buffer.getLong(offset, ORDER);
            }
            else if (type == Integer.class)
            {
                value = buffer.getInt(offset, ORDER);
            }
            else if (type == Short.class)
            {
                value = buffer.getShort(offset, ORDER);
            }
            else if (type == Byte.class)
            {
                value = buffer.getByte(offset);
            }
            else if (type == Double.class)
            {
                value = buffer.getDouble(offset, ORDER);
            }
            else if (type == Float.class)
            {
                value = buffer.getFloat(offset, ORDER);
            }
            else if (type == Boolean.class)
            {
                value = buffer.getByte(offset) != 0;
            }
            else
            {
                value = buffer.getChar(offset, ORDER);
            }
            return type.cast(value);
        }
    }
}
