package io.hotpath.examples.bank;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorLifecycle;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.TypedRef;

import java.nio.file.Path;
import java.util.Map;

import static io.hotpath.Await.await;

/**
 * The bank's transfer written top to bottom with await, on the same accounts, logs and recovery as {@link Bank}:
 * log BEGIN, await the withdrawal (a refusal is caught right where it is awaited, logged ABORT and rethrown to the
 * client), await the deposit, log END, answer. The bank is a sequential actor: while one transfer awaits, the others
 * run. NOT thread safe as an object; use it through {@link Bank.Handle}.
 */
public final class SequentialBank implements Actor<Bank.Transfer>, ActorLifecycle
{
    private final ActorContext<Bank.Transfer> ctx;
    private final Map<String, TypedRef<Account>> accounts;
    private final TransactionLog log;
    private long lastId;

    private SequentialBank(final ActorContext<Bank.Transfer> ctx, final Map<String, TypedRef<Account>> accounts,
        final TransactionLog log, final long lastId)
    {
        this.ctx = ctx;
        this.accounts = accounts;
        this.log = log;
        this.lastId = lastId;
    }

    /**
     * Open the bank as {@link Bank#open} does, with the transfers written with await.
     *
     * @param engine          where the actors run.
     * @param dir             the logs' directory.
     * @param openingBalances account names and their opening balances.
     * @param durability      how far each record gets before an operation is reported done.
     * @return the bank's handle.
     */
    public static Bank.Handle open(final Engine engine, final Path dir, final Map<String, Long> openingBalances,
        final TransactionLog.Durability durability)
    {
        final long lastId = BankRecovery.settle(dir, durability).lastTransferId();
        final Map<String, TypedRef<Account>> fixed = Bank.openAccounts(engine, dir, openingBalances, durability);
        final ActorRef<Bank.Transfer> bank = engine.actor((ActorContext<Bank.Transfer> ctx) -> new SequentialBank(ctx,
            fixed, TransactionLog.open(dir.resolve(BankRecovery.BANK_LOG), durability), lastId))
            .name("bank").sequential().spawn();
        return new Bank.Handle(bank, fixed);
    }

    @Override
    public void onMessage(final Bank.Transfer t)
    {
        final TypedRef<Account> from = accounts.get(t.from());
        final TypedRef<Account> to = accounts.get(t.to());
        if (from == null || to == null || from == to || t.amount() <= 0)
        {
            throw new IllegalArgumentException("not a transfer this bank can make: " + t);
        }
        final long id = ++lastId;
        final String op = "T" + id;
        log.append("BEGIN " + id + " " + t.from() + " " + t.to() + " " + t.amount());
        final long fromBalance;
        try
        {
            fromBalance = await(from.ask(a -> a.withdraw(op, t.amount())));
        }
        catch (final InsufficientFundsException refusal)
        {
            log.append("ABORT " + id);
            throw refusal;
        }
        // a failed deposit leaves the transfer WITHDRAWN in the logs on purpose: recovery finishes it
        final long toBalance = await(to.ask(a -> a.deposit(op, t.amount())));
        log.append("END " + id);
        ctx.reply(new Bank.Receipt(id, fromBalance, toBalance));
    }

    @Override
    public void onStop()
    {
        log.close();
    }
}
