package io.hotpath.examples.bank;

import io.hotpath.ActorLifecycle;

import java.nio.file.Path;

/**
 * A bank account, the object of a typed actor: its methods run on its worker one at a time, so the balance needs no
 * lock. NOT thread safe: reach it only through its {@code TypedRef}.
 * <p>
 * Every operation, refused ones included, is appended to the account's own log before the method returns, and the
 * balance changes only once the record is written: a reply the caller sees is always backed by a record.
 * Operation ids tie an account's records to the bank's: a transfer's legs carry {@code T<transfer id>}.
 */
public final class Account implements ActorLifecycle
{
    private final String name;
    private final TransactionLog log;
    private long balance;
    private long localOps;

    private Account(final String name, final TransactionLog log, final long balance)
    {
        this.name = name;
        this.log = log;
        this.balance = balance;
    }

    /**
     * Open an account from its log, or create it with an opening balance when it has no log yet.
     *
     * @param name           the account's name; its log is {@code dir/name.log}.
     * @param dir            where the logs live.
     * @param openingBalance used only when the log is new.
     * @param durability     how far each record gets before the operation returns.
     * @return the account.
     */
    public static Account open(final String name, final Path dir, final long openingBalance,
        final TransactionLog.Durability durability)
    {
        final Path file = logFile(dir, name);
        final BankRecovery.AccountHistory history = BankRecovery.AccountHistory.replay(name,
            TransactionLog.read(file));
        final TransactionLog log = TransactionLog.open(file, durability);
        if (history.opened())
        {
            return new Account(name, log, history.balance());
        }
        log.append("OPEN " + name + " " + openingBalance);
        return new Account(name, log, openingBalance);
    }

    static Path logFile(final Path dir, final String name)
    {
        return dir.resolve(name + ".log");
    }

    /**
     * @param amount more than zero.
     * @return the balance after.
     */
    public long deposit(final long amount)
    {
        return deposit("L" + ++localOps, amount);
    }

    /**
     * @param amount more than zero.
     * @return the balance after.
     * @throws InsufficientFundsException when the balance is smaller; the refusal is logged too.
     */
    public long withdraw(final long amount)
    {
        return withdraw("L" + ++localOps, amount);
    }

    long deposit(final String op, final long amount)
    {
        checkAmount(amount);
        final long after = Math.addExact(balance, amount);
        log.append("DEPOSIT " + op + " " + amount + " " + after);
        balance = after;
        return after;
    }

    long withdraw(final String op, final long amount)
    {
        checkAmount(amount);
        if (amount > balance)
        {
            log.append("REFUSED " + op + " " + amount + " " + balance);
            throw new InsufficientFundsException(name, amount, balance);
        }
        final long after = balance - amount;
        log.append("WITHDRAW " + op + " " + amount + " " + after);
        balance = after;
        return after;
    }

    /**
     * @return the balance now.
     */
    public long balance()
    {
        return balance;
    }

    /**
     * @return the account's name.
     */
    public String name()
    {
        return name;
    }

    @Override
    public void onStop()
    {
        log.close();
    }

    private static void checkAmount(final long amount)
    {
        if (amount <= 0)
        {
            throw new IllegalArgumentException("amount must be more than zero: " + amount);
        }
    }
}
