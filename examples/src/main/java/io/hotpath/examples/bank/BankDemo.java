package io.hotpath.examples.bank;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.ReplyException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Opens a bank of eight accounts in a directory (a new one by default), settles what an earlier run left half done,
 * makes a transfer, has one refused, runs a hundred at once, and prints what the logs say. With {@code --await} the
 * transfers are written with await ({@link SequentialBank}). Main thread only.
 */
public final class BankDemo
{
    private static final Duration WAIT = Duration.ofSeconds(30);

    private BankDemo()
    {
    }

    /**
     * @param args {@code [--await] [DIR]}: DIR may hold the logs of an earlier run, e.g. of {@link TransferStream}.
     * @throws IOException when the directory cannot be made.
     */
    public static void main(final String[] args) throws IOException
    {
        final boolean await = List.of(args).contains("--await");
        final List<String> dirs = List.of(args).stream().filter(a -> !a.startsWith("--")).toList();
        final Path dir = dirs.isEmpty() ? Files.createTempDirectory("hotpath-bank") : Path.of(dirs.get(0));
        Files.createDirectories(dir);
        if (Files.exists(dir.resolve(BankRecovery.BANK_LOG)))
        {
            final BankRecovery.Ledger found = BankRecovery.read(dir);
            System.out.printf("found the logs of %d transfers in %s: %s; %d in flight%n", found.transfers().size(),
                dir, states(found), found.inFlight());
        }
        try (Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build()))
        {
            final Bank.Handle bank = await ?
                SequentialBank.open(engine, dir, TransferStream.openingBalances(), TransactionLog.Durability.DISK) :
                Bank.open(engine, dir, TransferStream.openingBalances(), TransactionLog.Durability.DISK);
            System.out.println("settled and opened (" + (await ? "transfers written with await" : "callbacks") +
                "): " + states(BankRecovery.read(dir)));
            System.out.println("acct0 -> acct1, 250: " + bank.transfer("acct0", "acct1", 250).get(WAIT));
            try
            {
                bank.transfer("acct2", "acct3", 1_000_000).get(WAIT);
            }
            catch (final ReplyException refused)
            {
                System.out.println("acct2 -> acct3, 1000000: refused: " + refused.getCause().getMessage());
            }
            final SplittableRandom random = new SplittableRandom(1);
            final List<Reply<Bank.Receipt>> replies = new ArrayList<>();
            for (int i = 0; i < 100; i++)
            {
                final int from = random.nextInt(TransferStream.ACCOUNTS);
                final int to = (from + 1 + random.nextInt(TransferStream.ACCOUNTS - 1)) % TransferStream.ACCOUNTS;
                replies.add(bank.transfer("acct" + from, "acct" + to, 1 + random.nextInt(400)));
            }
            int done = 0;
            for (final Reply<Bank.Receipt> reply : replies)
            {
                try
                {
                    reply.get(WAIT);
                    done++;
                }
                catch (final ReplyException refused)
                {
                    // insufficient funds: logged ABORT
                }
            }
            System.out.println("100 transfers at once: " + done + " done, " + (100 - done) + " refused");
        }
        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        System.out.println("the logs say: " + states(ledger) + "; balances " + ledger.balances());
        System.out.println("money conserved: " + (ledger.totalBalance() + ledger.inFlight() == ledger.expectedTotal()) +
            " (" + ledger.totalBalance() + " of " + ledger.expectedTotal() + "); logs in " + dir);
    }

    private static String states(final BankRecovery.Ledger ledger)
    {
        final StringBuilder sb = new StringBuilder();
        for (final BankRecovery.TransferState state : BankRecovery.TransferState.values())
        {
            sb.append(sb.isEmpty() ? "" : ", ").append(ledger.count(state)).append(' ')
                .append(state.name().toLowerCase(java.util.Locale.ROOT));
        }
        return sb.toString();
    }
}
