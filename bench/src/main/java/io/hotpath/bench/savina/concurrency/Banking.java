package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Banking (bank transaction), message passing: a teller makes T transfers between A accounts; the source takes
 * the amount and tells the destination to credit it, which tells the teller; nobody waits. Then the teller asks every
 * account for its balance. The result is the fingerprint of the final balances, which must equal that of a sequential
 * replay of the same transfers; a total that is not conserved fails the run at the teller. Immutable.
 *
 * @param accounts  A (Savina default 1,000).
 * @param transfers T (Savina default 50,000).
 */
public record Banking(int accounts, int transfers) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final Banking DEFAULT = new Banking(1_000, 50_000);

    /**
     * @param accounts  at least 2.
     * @param transfers at least 1.
     */
    public Banking
    {
        checkSizes(accounts, transfers);
    }

    @Override
    public String name()
    {
        return "Banking";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "A=" + accounts + " T=" + transfers;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] all = new ActorRuntime.Address[accounts];
        final ActorRuntime.Address teller = runtime.spawn(self -> new Teller(self, all, transfers, done));
        for (int i = 0; i < accounts; i++)
        {
            final int index = i;
            all[i] = runtime.spawn(self -> new Account(index, all, teller));
        }
        teller.tell(Teller.START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(Transfers.expectedFingerprint(accounts, transfers), result,
            "fingerprint of the final balances against a sequential replay of the transfers");
    }

    /** The sizes both Banking ports need. */
    static void checkSizes(final int accounts, final int transfers)
    {
        if (accounts < 2 || transfers < 1)
        {
            throw new IllegalArgumentException("Banking needs at least 2 accounts and 1 transfer, not " + accounts +
                " and " + transfers);
        }
    }

    /** An account that passes a transfer on and never waits. */
    private static final class Account implements Actor<Object>
    {
        private final int index;
        private final ActorRuntime.Address[] all;
        private final ActorRuntime.Address teller;
        private long balance = Transfers.INITIAL_BALANCE;

        Account(final int index, final ActorRuntime.Address[] all, final ActorRuntime.Address teller)
        {
            this.index = index;
            this.all = all;
            this.teller = teller;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Transfers.Transfer transfer)
            {
                balance -= transfer.amount();
                all[transfer.to()].tell(new Transfers.Credit(transfer.amount()));
            }
            else if (message instanceof Transfers.Credit credit)
            {
                balance += credit.amount();
                teller.tell(Transfers.DONE);
            }
            else if (message == Transfers.BALANCE)
            {
                teller.tell(new Transfers.Balance(index, balance));
            }
        }
    }
}
