package io.hotpath.examples.bank;

import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorLifecycle;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.TypedRef;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bank: an actor that moves money between account actors. NOT thread safe as an object (it runs on its
 * worker); use it through {@link Handle}, which is.
 * <p>
 * A transfer is logged by the bank ({@code BEGIN}), withdrawn from the payer, deposited to the payee and logged
 * again ({@code END}) before the client's reply completes; a refused withdrawal is logged ({@code ABORT}) and its
 * exception becomes the client's. Many transfers may be under way at once: the bank never waits, it chains each
 * step on the previous reply's callback, which runs here on the bank's worker.
 */
public final class Bank implements Actor<Bank.Transfer>, ActorLifecycle
{
    /**
     * Move money. Immutable.
     *
     * @param from   payer's name.
     * @param to     payee's name.
     * @param amount more than zero.
     */
    public record Transfer(String from, String to, long amount)
    {
    }

    /**
     * What a completed transfer did. Immutable.
     *
     * @param id          the transfer's id in the logs.
     * @param fromBalance the payer's balance after.
     * @param toBalance   the payee's balance after.
     */
    public record Receipt(long id, long fromBalance, long toBalance)
    {
    }

    private final ActorContext<Transfer> ctx;
    private final Map<String, TypedRef<Account>> accounts;
    private final TransactionLog log;
    private long lastId;

    private Bank(final ActorContext<Transfer> ctx, final Map<String, TypedRef<Account>> accounts,
        final TransactionLog log, final long lastId)
    {
        this.ctx = ctx;
        this.accounts = accounts;
        this.log = log;
        this.lastId = lastId;
    }

    /**
     * Open a bank in a directory: settle what a previous run left half done, then start one actor per account and
     * the bank's actor. Accounts new to the directory get their opening balance; known ones keep their logged one.
     *
     * @param engine          where the actors run.
     * @param dir             the logs' directory.
     * @param openingBalances account names and their opening balances.
     * @param durability      how far each record gets before an operation is reported done.
     * @return the bank's handle.
     */
    public static Handle open(final Engine engine, final Path dir, final Map<String, Long> openingBalances,
        final TransactionLog.Durability durability)
    {
        final long lastId = BankRecovery.settle(dir, durability).lastTransferId();
        final Map<String, TypedRef<Account>> fixed = openAccounts(engine, dir, openingBalances, durability);
        final ActorRef<Transfer> bank = engine.actor((ActorContext<Transfer> ctx) -> new Bank(ctx, fixed,
            TransactionLog.open(dir.resolve(BankRecovery.BANK_LOG), durability), lastId)).name("bank").spawn();
        return new Handle(bank, fixed);
    }

    /**
     * Start one actor per account: accounts new to the directory get their opening balance, known ones keep their
     * logged one. Call after {@link BankRecovery#settle}.
     *
     * @return the account actors by name.
     */
    static Map<String, TypedRef<Account>> openAccounts(final Engine engine, final Path dir,
        final Map<String, Long> openingBalances, final TransactionLog.Durability durability)
    {
        final Map<String, TypedRef<Account>> accounts = new LinkedHashMap<>();
        openingBalances.forEach((name, opening) -> accounts.put(name, engine.<Account>typedActor(
            ctx -> Account.open(name, dir, opening, durability)).name("account-" + name).spawnTyped()));
        return Map.copyOf(accounts);
    }

    @Override
    public void onMessage(final Transfer t)
    {
        final TypedRef<Account> from = accounts.get(t.from());
        final TypedRef<Account> to = accounts.get(t.to());
        if (from == null || to == null || from == to || t.amount() <= 0)
        {
            throw new IllegalArgumentException("not a transfer this bank can make: " + t);
        }
        final long id = ++lastId;
        final String op = "T" + id;
        final Reply<Receipt> client = ctx.replyLater();
        log.append("BEGIN " + id + " " + t.from() + " " + t.to() + " " + t.amount());
        final Reply<Long> withdrawn = from.ask(a -> a.withdraw(op, t.amount()));
        withdrawn.onComplete((fromBalance, refusal) ->
        {
            if (refusal != null)
            {
                log.append("ABORT " + id);
                client.fail(refusal);
                return;
            }
            final Reply<Long> deposited = to.ask(a -> a.deposit(op, t.amount()));
            deposited.onComplete((toBalance, error) ->
            {
                if (error != null)
                {
                    // Left WITHDRAWN in the logs on purpose: recovery finishes it, exactly as after a crash here.
                    client.fail(error);
                    return;
                }
                log.append("END " + id);
                client.complete(new Receipt(id, fromBalance, toBalance));
            });
        });
    }

    @Override
    public void onStop()
    {
        log.close();
    }

    /**
     * The client's side of a bank. Thread safe.
     *
     * @param ref      the bank's actor.
     * @param accounts the account actors by name.
     */
    public record Handle(ActorRef<Transfer> ref, Map<String, TypedRef<Account>> accounts)
    {
        /**
         * @param from   payer.
         * @param to     payee.
         * @param amount more than zero.
         * @return the receipt once both legs and the end are logged; or the payer's refusal.
         */
        public Reply<Receipt> transfer(final String from, final String to, final long amount)
        {
            return ref.ask(new Transfer(from, to, amount));
        }

        /**
         * @param name an account's name.
         * @return its typed address, for deposits, withdrawals and balances.
         */
        public TypedRef<Account> account(final String name)
        {
            return accounts.get(name);
        }
    }
}
