package io.hotpath.bench.savina.concurrency;

import io.hotpath.bench.savina.Digest;

import java.util.SplittableRandom;

/**
 * The bank of both Banking ports: its messages, Savina's choice of transfers, and the final balances a sequential
 * replay of the same transfers gives. A source account is drawn from the first fifth of the accounts and its
 * destination from the accounts above it, as in Savina: a source that waits for its destination then waits only on a
 * higher account, so accounts that wait never wait on each other in a cycle. Not thread safe: one per teller.
 */
final class Transfers
{
    /** Every account's balance at the start. */
    static final long INITIAL_BALANCE = 1_000_000_000L;
    /** Told by the teller to every account once every transfer has been made; answered with a {@link Balance}. */
    static final Object BALANCE = "balance";
    /** Told to the teller once a transfer has been credited. */
    static final Object DONE = "done";
    /** A destination's acknowledgement of a credit, in the port whose source waits for it. */
    static final Object ACK = "ack";

    private static final long SEED = 0x5A71_4A_0000_0043L;
    private static final int MAX_AMOUNT = 1_000;

    private final int accounts;
    private final SplittableRandom random = new SplittableRandom(SEED);

    /**
     * @param accounts at least 2.
     */
    Transfers(final int accounts)
    {
        this.accounts = accounts;
    }

    /**
     * @return the next transfer of the sequence, the same for every run.
     */
    Transfer next()
    {
        final int from = random.nextInt(Math.max(1, accounts / 5));
        final int step = random.nextInt(accounts - from);
        final int to = from + Math.max(1, step);
        return new Transfer(from, to, 1 + random.nextInt(MAX_AMOUNT));
    }

    /**
     * @param accounts  the bank's accounts.
     * @param transfers how many transfers are made.
     * @return the {@link #fingerprint} of the balances after a sequential replay of those transfers.
     */
    static long expectedFingerprint(final int accounts, final int transfers)
    {
        final long[] balances = new long[accounts];
        java.util.Arrays.fill(balances, INITIAL_BALANCE);
        final Transfers sequence = new Transfers(accounts);
        for (int i = 0; i < transfers; i++)
        {
            final Transfer t = sequence.next();
            balances[t.from()] -= t.amount();
            balances[t.to()] += t.amount();
        }
        long fingerprint = 0;
        for (int i = 0; i < accounts; i++)
        {
            fingerprint += fingerprint(i, balances[i]);
        }
        return fingerprint;
    }

    /**
     * @param account an account's index.
     * @param balance its balance.
     * @return its share of the bank's fingerprint, the sum over the accounts.
     */
    static long fingerprint(final int account, final long balance)
    {
        return Digest.mix(account) * balance;
    }

    /** Told by the teller to the source: take the amount from yourself and give it to {@code to}. Immutable. */
    record Transfer(int from, int to, long amount)
    {
    }

    /** Told by the source to the destination: add the amount. Immutable. */
    record Credit(long amount)
    {
    }

    /** An account's balance, answering {@link #BALANCE}. Immutable. */
    record Balance(int account, long balance)
    {
    }
}
