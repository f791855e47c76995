package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.Reply;
import io.hotpath.bench.savina.ActorRuntime;

/**
 * A Hotpath account of {@link BankingAwait}, written as sequential code: as the source of a transfer it takes the
 * amount, awaits the destination's answer to its credit, and then tells the teller. Spawned sequential and not
 * reentrant, so nothing else runs on it while it awaits, as with Pekko's stash. NOT thread safe: an actor's handler.
 */
final class AwaitingAccount implements Actor<Object>
{
    private final ActorContext<Object> ctx;
    private final int index;
    private final ActorRef<Object>[] all;
    private final ActorRuntime.Address teller;
    /** One question at a time, so one reply serves them all: re-used once its answer has arrived. */
    private final Reply<Object> answer = new Reply<>();
    private long balance = Transfers.INITIAL_BALANCE;

    AwaitingAccount(
        final ActorContext<Object> ctx, final int index, final ActorRef<Object>[] all,
        final ActorRuntime.Address teller)
    {
        this.ctx = ctx;
        this.index = index;
        this.all = all;
        this.teller = teller;
    }

    /** An array of the accounts' references, filled before the teller starts. */
    @SuppressWarnings("unchecked")
    static ActorRef<Object>[] newRefs(final int accounts)
    {
        return (ActorRef<Object>[])new ActorRef<?>[accounts];
    }

    @Override
    public void onMessage(final Object message)
    {
        if (message instanceof Transfers.Transfer transfer)
        {
            balance -= transfer.amount();
            final Object ack = Await.await(all[transfer.to()].ask(new Transfers.Credit(transfer.amount()), answer));
            if (ack != Transfers.ACK)
            {
                throw new IllegalStateException("account " + transfer.to() + " answered a credit with " + ack);
            }
            teller.tell(Transfers.DONE);
        }
        else if (message instanceof Transfers.Credit credit)
        {
            balance += credit.amount();
            ctx.reply(Transfers.ACK);
        }
        else if (message == Transfers.BALANCE)
        {
            teller.tell(new Transfers.Balance(index, balance));
        }
    }
}
