package io.hotpath.bench.savina.concurrency;

import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.PekkoClassicRuntime;
import io.hotpath.bench.savina.PekkoStashActor;
import org.apache.pekko.actor.ActorRef;

/**
 * A Pekko account of {@link BankingAwait}, written as a state machine: as the source of a transfer it takes the
 * amount, tells the destination to credit it and becomes a waiting state that stashes every other message until the
 * destination's acknowledgement; then it unstashes them and tells the teller. Confined to the actor, as Pekko runs it.
 */
final class StashingAccount extends PekkoStashActor
{
    private final int index;
    private final ActorRef[] all;
    private final ActorRuntime.Address teller;
    private final Receive waiting;
    private long balance = Transfers.INITIAL_BALANCE;

    StashingAccount(
        final PekkoClassicRuntime runtime, final int index, final ActorRef[] all, final ActorRuntime.Address teller)
    {
        super(runtime);
        this.index = index;
        this.all = all;
        this.teller = teller;
        this.waiting = receiveBuilder()
            .matchEquals(Transfers.ACK, ack -> credited())
            .matchAny(other -> stash())
            .build();
    }

    @Override
    public Receive createReceive()
    {
        return receiveBuilder()
            .match(Transfers.Transfer.class, this::transfer)
            .match(Transfers.Credit.class, this::credit)
            .matchEquals(Transfers.BALANCE, question -> teller.tell(new Transfers.Balance(index, balance)))
            .build();
    }

    private void transfer(final Transfers.Transfer transfer)
    {
        balance -= transfer.amount();
        all[transfer.to()].tell(new Transfers.Credit(transfer.amount()), getSelf());
        getContext().become(waiting, false);
    }

    private void credit(final Transfers.Credit credit)
    {
        balance += credit.amount();
        getSender().tell(Transfers.ACK, getSelf());
    }

    private void credited()
    {
        getContext().unbecome();
        unstashAll();
        teller.tell(Transfers.DONE);
    }
}
