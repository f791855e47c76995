package io.hotpath.bench.savina.concurrency;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.HotpathRuntime;
import io.hotpath.bench.savina.PekkoClassicRuntime;
import io.hotpath.bench.savina.SavinaBenchmark;
import org.apache.pekko.actor.Props;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Banking, the variant whose source account waits: it takes the amount, asks the destination to credit it, and
 * handles nothing else until the destination has answered; then it tells the teller. Each runtime in its own idiom:
 * on Hotpath sequential code ({@link AwaitingAccount}: {@code await} inside the handler, the actor not reentrant
 * while it waits), on Pekko a state machine ({@link StashingAccount}: it stashes what comes while it waits). The
 * teller, the transfers and the check are {@link Banking}'s. Hotpath's sequential actors need the JVM flag
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED}; without it the run fails at the first spawn, naming the
 * flag. Immutable.
 *
 * @param accounts  A (Savina default 1,000).
 * @param transfers T (Savina default 50,000).
 */
public record BankingAwait(int accounts, int transfers) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final BankingAwait DEFAULT = new BankingAwait(1_000, 50_000);

    /**
     * @param accounts  at least 2.
     * @param transfers at least 1.
     */
    public BankingAwait
    {
        Banking.checkSizes(accounts, transfers);
    }

    @Override
    public String name()
    {
        return "BankingAwait";
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
        switch (runtime)
        {
            case HotpathRuntime hotpath -> spawnAwaiting(hotpath, all, teller);
            case PekkoClassicRuntime pekko -> spawnStashing(pekko, all, teller);
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

    private static void spawnAwaiting(
        final HotpathRuntime runtime, final ActorRuntime.Address[] all, final ActorRuntime.Address teller)
    {
        final ActorRef<Object>[] refs = AwaitingAccount.newRefs(all.length);
        for (int i = 0; i < all.length; i++)
        {
            final int index = i;
            refs[i] = runtime.engine()
                .actor((ActorContext<Object> ctx) -> new AwaitingAccount(ctx, index, refs, teller))
                .sequential()
                .reentrant(false)
                .spawn();
            all[i] = runtime.address(refs[i]);
        }
    }

    private static void spawnStashing(
        final PekkoClassicRuntime runtime, final ActorRuntime.Address[] all, final ActorRuntime.Address teller)
    {
        final org.apache.pekko.actor.ActorRef[] refs = new org.apache.pekko.actor.ActorRef[all.length];
        for (int i = 0; i < all.length; i++)
        {
            final int index = i;
            refs[i] = runtime.system().actorOf(Props.create(StashingAccount.class,
                () -> new StashingAccount(runtime, index, refs, teller)));
            all[i] = runtime.address(refs[i]);
        }
    }
}
