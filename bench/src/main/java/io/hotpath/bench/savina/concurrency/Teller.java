package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Outflow;

import java.util.concurrent.CompletableFuture;

/**
 * The teller of both Banking ports: it sends every transfer to its source account at once (as Savina's does, through
 * an {@link Outflow}), counts the credits done, then asks every account for its balance and completes the run with the
 * bank's fingerprint. A total balance that is not conserved fails the run here, naming both totals. NOT thread safe:
 * an actor's handler.
 */
final class Teller implements Actor<Object>
{
    /** Starts the teller. */
    static final Object START = "start";

    private final ActorRuntime.Address[] accounts;
    private final int transfers;
    private final CompletableFuture<Long> done;
    private final Transfers sequence;
    private final Outflow out;
    private int sent;
    private int credited;
    private int reported;
    private long total;
    private long fingerprint;

    /**
     * @param self      the teller's address.
     * @param accounts  every account, filled before the teller starts.
     * @param transfers how many transfers to make.
     * @param done      completed with the fingerprint of the final balances.
     */
    Teller(final ActorRuntime.Address self, final ActorRuntime.Address[] accounts, final int transfers,
        final CompletableFuture<Long> done)
    {
        this.accounts = accounts;
        this.transfers = transfers;
        this.done = done;
        this.sequence = new Transfers(accounts.length);
        this.out = new Outflow(self);
    }

    @Override
    public void onMessage(final Object message)
    {
        if (message == Transfers.DONE)
        {
            if (++credited == transfers)
            {
                for (final ActorRuntime.Address account : accounts)
                {
                    account.tell(Transfers.BALANCE);
                }
            }
        }
        else if (message instanceof Transfers.Balance balance)
        {
            balanceReported(balance);
        }
        else if (message == START || message == Outflow.CONTINUE && out.resume())
        {
            while (sent < transfers)
            {
                final Transfers.Transfer transfer = sequence.next();
                sent++;
                if (!out.send(accounts[transfer.from()], transfer))
                {
                    return;
                }
            }
        }
    }

    private void balanceReported(final Transfers.Balance balance)
    {
        total += balance.balance();
        fingerprint += Transfers.fingerprint(balance.account(), balance.balance());
        if (++reported == accounts.length)
        {
            final long expected = Transfers.INITIAL_BALANCE * accounts.length;
            if (total != expected)
            {
                throw new IllegalStateException("the bank's total balance is " + total + " after " + transfers +
                    " transfers, not the " + expected + " it started with: a transfer was lost or made twice");
            }
            done.complete(fingerprint);
        }
    }
}
