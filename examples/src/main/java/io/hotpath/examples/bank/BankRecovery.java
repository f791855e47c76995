package io.hotpath.examples.bank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Rebuilds a bank's state from its logs after a crash, and settles the transfers a crash left half done. Stateless;
 * run it while no actor writes the logs (before the bank starts).
 * <p>
 * The protocol: the bank logs {@code BEGIN id from to amount} before it asks for the withdrawal; the paying account
 * logs {@code WITHDRAW Tid} (or {@code REFUSED Tid}), the receiving one {@code DEPOSIT Tid}; the bank then logs
 * {@code END id} (or {@code ABORT id} after a refusal) and only then tells the client. Each record is durable
 * before the next step starts, so a crash anywhere leaves every transfer in exactly one of the
 * {@link TransferState}s, and the money of a {@code WITHDRAWN} transfer is accounted for as in flight.
 */
public final class BankRecovery
{
    /** The bank's own log, beside one {@code <account>.log} per account. */
    public static final String BANK_LOG = "bank.log";

    /** Where a transfer got to. */
    public enum TransferState
    {
        /** Logged by the bank, nothing moved yet: settle aborts it. */
        BEGUN,
        /** Money left the payer and has not reached the payee: in flight; settle deposits it. */
        WITHDRAWN,
        /** Money reached the payee, the bank had not logged the end: settle logs it. */
        DEPOSITED,
        /** Done and confirmed. */
        COMPLETED,
        /** Refused by the payer (insufficient funds); nothing moved. */
        ABORTED
    }

    /**
     * One transfer as the logs tell it. Immutable.
     *
     * @param id     the bank's transfer id.
     * @param from   payer.
     * @param to     payee.
     * @param amount money moved.
     * @param state  where it got to.
     */
    public record Transfer(long id, String from, String to, long amount, TransferState state)
    {
    }

    /**
     * Everything the logs say. Immutable.
     *
     * @param balances     per account, as its log last recorded it.
     * @param transfers    by id.
     * @param expectedTotal opening balances plus plain deposits minus plain withdrawals: what the money must add up
     *                     to with transfers in flight counted.
     * @param problems     inconsistencies between the logs; empty when they agree.
     */
    public record Ledger(Map<String, Long> balances, SortedMap<Long, Transfer> transfers, long expectedTotal,
        List<String> problems)
    {
        /** @return money on the way between accounts (transfers in state WITHDRAWN). */
        public long inFlight()
        {
            return transfers.values().stream().filter(t -> t.state() == TransferState.WITHDRAWN)
                .mapToLong(Transfer::amount).sum();
        }

        /** @return the sum of the balances. */
        public long totalBalance()
        {
            return balances.values().stream().mapToLong(Long::longValue).sum();
        }

        /** @param state a state. @return how many transfers are in it. */
        public long count(final TransferState state)
        {
            return transfers.values().stream().filter(t -> t.state() == state).count();
        }

        /** @return the highest transfer id used, 0 when none. */
        public long lastTransferId()
        {
            return transfers.isEmpty() ? 0 : transfers.lastKey();
        }
    }

    private BankRecovery()
    {
    }

    /**
     * Read every log in a bank's directory and classify every transfer.
     *
     * @param dir the bank's directory.
     * @return what the logs say.
     */
    public static Ledger read(final Path dir)
    {
        final List<String> problems = new ArrayList<>();
        final Map<String, AccountHistory> accounts = new TreeMap<>();
        for (final Path file : accountLogs(dir))
        {
            final String name = file.getFileName().toString().replace(".log", "");
            accounts.put(name, AccountHistory.replay(name, TransactionLog.read(file)));
        }
        final SortedMap<Long, String[]> begun = new TreeMap<>();
        final Set<Long> ended = new HashSet<>();
        final Set<Long> aborted = new HashSet<>();
        for (final String record : TransactionLog.read(dir.resolve(BANK_LOG)))
        {
            final String[] f = record.split(" ");
            final long id = Long.parseLong(f[1]);
            switch (f[0])
            {
                case "BEGIN" -> begun.put(id, f);
                case "END" -> ended.add(id);
                case "ABORT" -> aborted.add(id);
                default -> problems.add("bank log: unknown record " + record);
            }
        }
        final SortedMap<Long, Transfer> transfers = new TreeMap<>();
        long expectedTotal = 0;
        for (final AccountHistory account : accounts.values())
        {
            problems.addAll(account.problems);
            expectedTotal += account.openingBalance + account.externalNet;
            for (final String op : account.transferOps())
            {
                if (!begun.containsKey(Long.parseLong(op.substring(1))))
                {
                    problems.add(account.name + ": " + op + " has no BEGIN in the bank log");
                }
            }
        }
        for (final String[] f : begun.values())
        {
            final long id = Long.parseLong(f[1]);
            final String op = "T" + id;
            final AccountHistory from = accounts.getOrDefault(f[2], AccountHistory.EMPTY);
            final AccountHistory to = accounts.getOrDefault(f[3], AccountHistory.EMPTY);
            final boolean withdrawn = from.withdrawn.contains(op);
            final boolean deposited = to.deposited.contains(op);
            final TransferState state;
            if (ended.contains(id))
            {
                state = TransferState.COMPLETED;
            }
            else if (aborted.contains(id) || from.refused.contains(op))
            {
                state = TransferState.ABORTED;
            }
            else if (deposited)
            {
                state = TransferState.DEPOSITED;
            }
            else
            {
                state = withdrawn ? TransferState.WITHDRAWN : TransferState.BEGUN;
            }
            final boolean moved = state == TransferState.COMPLETED || state == TransferState.DEPOSITED;
            if (moved != (withdrawn && deposited) || (state == TransferState.ABORTED && (withdrawn || deposited)) ||
                (deposited && !withdrawn))
            {
                problems.add("transfer " + id + " is " + state + " but withdrawn=" + withdrawn + " deposited=" +
                    deposited);
            }
            transfers.put(id, new Transfer(id, f[2], f[3], Long.parseLong(f[4]), state));
        }
        final Map<String, Long> balances = new TreeMap<>();
        accounts.forEach((name, history) -> balances.put(name, history.balance));
        return new Ledger(Collections.unmodifiableMap(balances), Collections.unmodifiableSortedMap(transfers),
            expectedTotal, List.copyOf(problems));
    }

    /**
     * Finish what a crash left half done, so every transfer ends COMPLETED or ABORTED: a withdrawn transfer is
     * deposited (the payer was already told nothing, the payee gets the money once), a deposited one is confirmed,
     * a begun one is aborted. Appends to the logs; idempotent.
     *
     * @param dir        the bank's directory.
     * @param durability how far each record gets.
     * @return the ledger after settling.
     */
    public static Ledger settle(final Path dir, final TransactionLog.Durability durability)
    {
        final Ledger before = read(dir);
        if (!before.problems().isEmpty())
        {
            throw new IllegalStateException("logs disagree, refusing to settle: " + before.problems());
        }
        final Map<String, Long> balances = new HashMap<>(before.balances());
        try (TransactionLog bank = TransactionLog.open(dir.resolve(BANK_LOG), durability))
        {
            for (final Transfer t : before.transfers().values())
            {
                switch (t.state())
                {
                    case BEGUN -> bank.append("ABORT " + t.id());
                    case WITHDRAWN ->
                    {
                        final long after = balances.merge(t.to(), t.amount(), Long::sum);
                        try (TransactionLog payee = TransactionLog.open(Account.logFile(dir, t.to()), durability))
                        {
                            payee.append("DEPOSIT T" + t.id() + " " + t.amount() + " " + after);
                        }
                        bank.append("END " + t.id());
                    }
                    case DEPOSITED -> bank.append("END " + t.id());
                    case COMPLETED, ABORTED ->
                    {
                    }
                }
            }
        }
        return read(dir);
    }

    private static List<Path> accountLogs(final Path dir)
    {
        try (Stream<Path> files = Files.list(dir))
        {
            return files.filter(p -> p.getFileName().toString().endsWith(".log"))
                .filter(p -> !p.getFileName().toString().equals(BANK_LOG)).sorted().toList();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + dir, ex);
        }
    }

    /**
     * One account's log replayed: its balance, checked record by record, and the transfer legs it saw. NOT thread
     * safe.
     */
    static final class AccountHistory
    {
        static final AccountHistory EMPTY = new AccountHistory("(none)");

        final String name;
        final Set<String> withdrawn = new HashSet<>();
        final Set<String> deposited = new HashSet<>();
        final Set<String> refused = new HashSet<>();
        final List<String> problems = new ArrayList<>();
        boolean opened;
        long openingBalance;
        long externalNet;
        long balance;

        private AccountHistory(final String name)
        {
            this.name = name;
        }

        static AccountHistory replay(final String name, final List<String> records)
        {
            final AccountHistory h = new AccountHistory(name);
            for (final String record : records)
            {
                final String[] f = record.split(" ");
                if (f[0].equals("OPEN"))
                {
                    h.opened = true;
                    h.openingBalance = Long.parseLong(f[2]);
                    h.balance = h.openingBalance;
                    continue;
                }
                final String op = f[1];
                final long amount = Long.parseLong(f[2]);
                final long after = Long.parseLong(f[3]);
                final long expected = switch (f[0])
                {
                    case "DEPOSIT" -> h.balance + amount;
                    case "WITHDRAW" -> h.balance - amount;
                    default -> h.balance;
                };
                if (after != expected || !h.opened)
                {
                    h.problems.add(name + ": " + record + " does not follow balance " + h.balance);
                }
                h.balance = after;
                final boolean transferLeg = op.startsWith("T");
                if (f[0].equals("REFUSED"))
                {
                    if (transferLeg)
                    {
                        h.refused.add(op);
                    }
                }
                else if (transferLeg)
                {
                    (f[0].equals("DEPOSIT") ? h.deposited : h.withdrawn).add(op);
                }
                else
                {
                    h.externalNet += f[0].equals("DEPOSIT") ? amount : -amount;
                }
            }
            return h;
        }

        boolean opened()
        {
            return opened;
        }

        long balance()
        {
            return balance;
        }

        Set<String> transferOps()
        {
            final Set<String> ops = new HashSet<>(withdrawn);
            ops.addAll(deposited);
            ops.addAll(refused);
            return ops;
        }
    }
}
