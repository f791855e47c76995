package io.hotpath.examples.cluster;

import io.hotpath.cluster.ActorService;
import io.hotpath.cluster.ClusterContext;
import io.hotpath.cluster.ClusteredActor;
import io.hotpath.cluster.ServiceListener;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.nio.ByteOrder;

/**
 * The bank's accounts as one clustered actor: every member of the cluster applies the same deposits and transfers in
 * the same order, so every member holds the same balances, and a member that died comes back to them from its snapshot
 * and the log. Its whole state is the array of balances, written into snapshots by {@link StateCodec}. NOT thread safe:
 * the service's thread only.
 */
public final class ReplicatedBank implements ClusteredActor<ReplicatedBank.Command, ReplicatedBank.Balances>
{
    /** The accounts of the example. */
    public static final int ACCOUNTS = 10;

    /** What the bank is told or asked. */
    public sealed interface Command permits Deposit, Transfer, Total
    {
    }

    /**
     * Put money into an account; asked, answers the new balance.
     *
     * @param account 0 to {@link #ACCOUNTS} - 1.
     * @param amount  positive.
     */
    public record Deposit(int account, long amount) implements Command
    {
    }

    /**
     * Move money between accounts; asked, answers the payer's new balance, or fails when the payer has too little.
     *
     * @param from   the payer.
     * @param to     the payee.
     * @param amount positive.
     */
    public record Transfer(int from, int to, long amount) implements Command
    {
    }

    /** Answers the sum of all balances: what was deposited, as transfers only move money. */
    public record Total() implements Command
    {
    }

    /**
     * The bank's state.
     *
     * @param balances per account.
     */
    public record Balances(long[] balances)
    {
    }

    private final ClusterContext<Command> context;
    private final long[] balances = new long[ACCOUNTS];

    ReplicatedBank(final ClusterContext<Command> context)
    {
        this.context = context;
    }

    /**
     * {@return the service every member runs: the bank under the name {@code bank}}
     *
     * @param listener told of snapshots and roles.
     */
    public static ActorService service(final ServiceListener listener)
    {
        return ActorService.builder(codecs()).actor("bank", Balances.class, ReplicatedBank::new).listener(listener)
            .build();
    }

    @Override
    public void onMessage(final Command command)
    {
        switch (command)
        {
            case Deposit d ->
            {
                balances[d.account()] += d.amount();
                answer(balances[d.account()]);
            }
            case Transfer t ->
            {
                if (balances[t.from()] < t.amount())
                {
                    throw new IllegalStateException("account " + t.from() + " holds " + balances[t.from()] +
                        ", less than " + t.amount());
                }
                balances[t.from()] -= t.amount();
                balances[t.to()] += t.amount();
                answer(balances[t.from()]);
            }
            case Total total ->
            {
                long sum = 0;
                for (final long balance : balances)
                {
                    sum += balance;
                }
                context.reply(sum);
            }
        }
    }

    /** Answer an ask; a told message's balance has nobody waiting for it. */
    private void answer(final long value)
    {
        if (context.isAsked())
        {
            context.reply(value);
        }
    }

    @Override
    public Balances snapshot()
    {
        return new Balances(balances.clone());
    }

    @Override
    public void restore(final Balances state)
    {
        System.arraycopy(state.balances(), 0, balances, 0, ACCOUNTS);
    }

    /**
     * {@return the codecs of the members and the clients: commands (type id 100), balances (101), the standard ones}
     */
    public static Codecs codecs()
    {
        return Codecs.builder()
            .addShared(100, Command.class, new CommandCodec())
            .addShared(101, Balances.class, new StateCodec())
            .build();
    }

    /** A tag byte, then the fields, little-endian. Stateless. */
    static final class CommandCodec implements Codec<Command>
    {
        private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

        @Override
        public int encodedLength(final Command command)
        {
            return switch (command)
            {
                case Deposit d -> 13;
                case Transfer t -> 17;
                case Total total -> 1;
            };
        }

        @Override
        public int encode(final Command command, final MutableDirectBuffer buffer, final int offset)
        {
            switch (command)
            {
                case Deposit d ->
                {
                    buffer.putByte(offset, (byte)1);
                    buffer.putInt(offset + 1, d.account(), LE);
                    buffer.putLong(offset + 5, d.amount(), LE);
                }
                case Transfer t ->
                {
                    buffer.putByte(offset, (byte)2);
                    buffer.putInt(offset + 1, t.from(), LE);
                    buffer.putInt(offset + 5, t.to(), LE);
                    buffer.putLong(offset + 9, t.amount(), LE);
                }
                case Total total -> buffer.putByte(offset, (byte)3);
            }
            return encodedLength(command);
        }

        @Override
        public Command decode(final DirectBuffer buffer, final int offset, final int length)
        {
            return switch (buffer.getByte(offset))
            {
                case 1 -> new Deposit(buffer.getInt(offset + 1, LE), buffer.getLong(offset + 5, LE));
                case 2 -> new Transfer(buffer.getInt(offset + 1, LE), buffer.getInt(offset + 5, LE),
                    buffer.getLong(offset + 9, LE));
                case 3 -> new Total();
                default -> throw new IllegalArgumentException("unknown bank command tag " + buffer.getByte(offset));
            };
        }
    }

    /** The balances one after the other, little-endian. Stateless. */
    static final class StateCodec implements Codec<Balances>
    {
        private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

        @Override
        public int encodedLength(final Balances state)
        {
            return 8 * state.balances().length;
        }

        @Override
        public int encode(final Balances state, final MutableDirectBuffer buffer, final int offset)
        {
            for (int i = 0; i < state.balances().length; i++)
            {
                buffer.putLong(offset + 8 * i, state.balances()[i], LE);
            }
            return encodedLength(state);
        }

        @Override
        public Balances decode(final DirectBuffer buffer, final int offset, final int length)
        {
            final long[] balances = new long[length / 8];
            for (int i = 0; i < balances.length; i++)
            {
                balances[i] = buffer.getLong(offset + 8 * i, LE);
            }
            return new Balances(balances);
        }
    }
}
