package io.hotpath.cluster;

import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.BitSet;

/**
 * The clustered actor of the tests: it applies numbered entries, records which numbers it has applied (a second
 * application of a number is counted as a duplicate), and answers with its state. Its messages also try what a
 * clustered actor must not do, and use the cluster's timers. NOT thread safe: the service's thread.
 */
final class Ledger implements ClusteredActor<Ledger.Message, Ledger.State>
{
    /** Every message of the ledger, one codec for all. */
    sealed interface Message permits Entry, Query, Boom, Later, Spawn, Block, Forward
    {
    }

    /** Apply a number; asked, answers the count of numbers applied. */
    record Entry(long number) implements Message
    {
    }

    /** Answers the state. */
    record Query() implements Message
    {
    }

    /** Throws an IllegalArgumentException with this text. */
    record Boom(String text) implements Message
    {
    }

    /** Apply a number after a delay of cluster time, through a cluster timer. */
    record Later(long number, long delayMs) implements Message
    {
    }

    /** Tries to spawn an actor at run time. */
    record Spawn() implements Message
    {
    }

    /** Tries to wait for another actor's answer (an outside future, to the engine). */
    record Block() implements Message
    {
    }

    /** Applies a number, and tells the other ledger to apply it too. */
    record Forward(long number, String to) implements Message
    {
    }

    /**
     * The ledger's whole state.
     *
     * @param count      distinct numbers applied.
     * @param sum        their sum.
     * @param duplicates numbers applied a second time.
     * @param applied    which numbers, as BitSet words.
     */
    record State(long count, long sum, long duplicates, long[] applied)
    {
        BitSet bits()
        {
            return BitSet.valueOf(applied);
        }

        @Override
        public boolean equals(final Object other)
        {
            return other instanceof State s && s.count == count && s.sum == sum && s.duplicates == duplicates &&
                Arrays.equals(s.applied, applied);
        }

        @Override
        public int hashCode()
        {
            return Long.hashCode(count) * 31 + Arrays.hashCode(applied);
        }

        @Override
        public String toString()
        {
            return "State[count=" + count + ", sum=" + sum + ", duplicates=" + duplicates + "]";
        }
    }

    private final ClusterContext<Message> context;
    private final BitSet applied = new BitSet();
    private long count;
    private long sum;
    private long duplicates;

    Ledger(final ClusterContext<Message> context)
    {
        this.context = context;
    }

    /** The service of the tests: two ledgers, "ledger" and "other". */
    static ActorService service(final ServiceListener listener)
    {
        return ActorService.builder(codecs())
            .actor("ledger", State.class, Ledger::new)
            .actor("other", State.class, Ledger::new)
            .listener(listener)
            .build();
    }

    @Override
    public void onMessage(final Message message)
    {
        switch (message)
        {
            case Entry e ->
            {
                apply(e.number());
                answerIfAsked(count);
            }
            case Query q -> answerIfAsked(snapshot());
            case Boom b -> throw new IllegalArgumentException(b.text());
            case Later l -> context.schedule(new Entry(l.number()), Duration.ofMillis(l.delayMs()));
            case Spawn s -> context.spawn("child", Ledger::new);
            case Block b -> context.<Message>actor("other").ask(new Query()).get(Duration.ofSeconds(1));
            case Forward f ->
            {
                apply(f.number());
                context.<Message>actor(f.to()).tell(new Entry(f.number()));
            }
        }
    }

    private void answerIfAsked(final Object value)
    {
        if (context.isAsked())
        {
            context.reply(value);
        }
    }

    private void apply(final long number)
    {
        if (applied.get((int)number))
        {
            duplicates++;
            return;
        }
        applied.set((int)number);
        count++;
        sum += number;
    }

    @Override
    public State snapshot()
    {
        return new State(count, sum, duplicates, applied.toLongArray());
    }

    @Override
    public void restore(final State state)
    {
        count = state.count();
        sum = state.sum();
        duplicates = state.duplicates();
        applied.or(state.bits());
    }

    /** The codecs of the tests: the ledger's messages (100) and state (101), and the standard ones. */
    static Codecs codecs()
    {
        return Codecs.builder()
            .addShared(100, Message.class, new MessageCodec())
            .addShared(101, State.class, new StateCodec())
            .build();
    }

    /** Tag byte, then the fields. Stateless. */
    static final class MessageCodec implements Codec<Message>
    {
        private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

        @Override
        public int encodedLength(final Message message)
        {
            return -1;
        }

        @Override
        public int encode(final Message message, final MutableDirectBuffer buffer, final int offset)
        {
            switch (message)
            {
                case Entry e ->
                {
                    buffer.putByte(offset, (byte)1);
                    buffer.putLong(offset + 1, e.number(), LE);
                    return 9;
                }
                case Query q ->
                {
                    buffer.putByte(offset, (byte)2);
                    return 1;
                }
                case Boom b ->
                {
                    buffer.putByte(offset, (byte)3);
                    final byte[] text = b.text().getBytes(StandardCharsets.UTF_8);
                    buffer.putBytes(offset + 1, text);
                    return 1 + text.length;
                }
                case Later l ->
                {
                    buffer.putByte(offset, (byte)4);
                    buffer.putLong(offset + 1, l.number(), LE);
                    buffer.putLong(offset + 9, l.delayMs(), LE);
                    return 17;
                }
                case Spawn s ->
                {
                    buffer.putByte(offset, (byte)5);
                    return 1;
                }
                case Block b ->
                {
                    buffer.putByte(offset, (byte)6);
                    return 1;
                }
                case Forward f ->
                {
                    buffer.putByte(offset, (byte)7);
                    buffer.putLong(offset + 1, f.number(), LE);
                    final byte[] to = f.to().getBytes(StandardCharsets.UTF_8);
                    buffer.putBytes(offset + 9, to);
                    return 9 + to.length;
                }
            }
        }

        @Override
        public Message decode(final DirectBuffer buffer, final int offset, final int length)
        {
            return switch (buffer.getByte(offset))
            {
                case 1 -> new Entry(buffer.getLong(offset + 1, LE));
                case 2 -> new Query();
                case 3 -> new Boom(buffer.getStringWithoutLengthUtf8(offset + 1, length - 1));
                case 4 -> new Later(buffer.getLong(offset + 1, LE), buffer.getLong(offset + 9, LE));
                case 5 -> new Spawn();
                case 6 -> new Block();
                case 7 -> new Forward(buffer.getLong(offset + 1, LE),
                    buffer.getStringWithoutLengthUtf8(offset + 9, length - 9));
                default -> throw new IllegalArgumentException("unknown ledger message tag " + buffer.getByte(offset));
            };
        }
    }

    /** count, sum, duplicates, word count, words. Stateless. */
    static final class StateCodec implements Codec<State>
    {
        private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

        @Override
        public int encodedLength(final State state)
        {
            return 28 + 8 * state.applied().length;
        }

        @Override
        public int encode(final State state, final MutableDirectBuffer buffer, final int offset)
        {
            buffer.putLong(offset, state.count(), LE);
            buffer.putLong(offset + 8, state.sum(), LE);
            buffer.putLong(offset + 16, state.duplicates(), LE);
            buffer.putInt(offset + 24, state.applied().length, LE);
            for (int i = 0; i < state.applied().length; i++)
            {
                buffer.putLong(offset + 28 + 8 * i, state.applied()[i], LE);
            }
            return encodedLength(state);
        }

        @Override
        public State decode(final DirectBuffer buffer, final int offset, final int length)
        {
            final long[] words = new long[buffer.getInt(offset + 24, LE)];
            for (int i = 0; i < words.length; i++)
            {
                words[i] = buffer.getLong(offset + 28 + 8 * i, LE);
            }
            return new State(buffer.getLong(offset, LE), buffer.getLong(offset + 8, LE),
                buffer.getLong(offset + 16, LE), words);
        }
    }
}
