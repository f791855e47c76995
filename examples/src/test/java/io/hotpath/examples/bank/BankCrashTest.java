package io.hotpath.examples.bank;

import io.hotpath.Engine;
import io.hotpath.examples.ExampleEngines;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Kill a bank's process in the middle of a stream of transfers (SIGKILL: no shutdown hook, no flush) and rebuild
 * every transfer from the logs it left.
 */
class BankCrashTest
{
    private static final long DONE_BEFORE_KILL = 300;

    @TempDir
    Path dir;

    @Test
    void everyTransferIsRecoveredFromTheLogsOfAKilledProcess() throws Exception
    {
        final Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), TransferStream.class.getName(), dir.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        final Set<Long> toldDone = ConcurrentHashMap.newKeySet();
        final Thread reader = Thread.ofPlatform().name("child-stdout").start(() -> readDone(child, toldDone));
        try
        {
            ExampleEngines.await("the child to complete " + DONE_BEFORE_KILL + " transfers", () ->
                !child.isAlive() || countEnds() >= DONE_BEFORE_KILL);
            assertFalse(!child.isAlive(), "the child died by itself with exit code " + exitCode(child));
        }
        finally
        {
            child.destroyForcibly();
            child.waitFor(20, TimeUnit.SECONDS);
        }
        reader.join(20_000);

        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        assertThat(ledger.problems()).as("the logs agree with each other").isEmpty();
        assertThat(ledger.count(BankRecovery.TransferState.COMPLETED)).isGreaterThanOrEqualTo(DONE_BEFORE_KILL);
        long classified = 0;
        for (final BankRecovery.TransferState state : BankRecovery.TransferState.values())
        {
            classified += ledger.count(state);
        }
        assertEquals(ledger.transfers().size(), classified, "each transfer in exactly one state");
        assertEquals(TransferStream.ACCOUNTS * TransferStream.OPENING_BALANCE, ledger.expectedTotal());
        assertEquals(ledger.expectedTotal(), ledger.totalBalance() + ledger.inFlight(), "money is conserved");
        assertThat(ledger.transfers().keySet()).containsAll(toldDone);
        for (final long id : toldDone)
        {
            assertEquals(BankRecovery.TransferState.COMPLETED, ledger.transfers().get(id).state(),
                "transfer " + id + " was reported done, so its END is in the log");
        }
        final long inFlightBefore = ledger.count(BankRecovery.TransferState.BEGUN) +
            ledger.count(BankRecovery.TransferState.WITHDRAWN) + ledger.count(BankRecovery.TransferState.DEPOSITED);
        System.out.printf("killed after %d transfers: %d completed, %d aborted, %d begun, %d withdrawn, %d deposited" +
            " (%d reported done)%n", ledger.transfers().size(), ledger.count(BankRecovery.TransferState.COMPLETED),
            ledger.count(BankRecovery.TransferState.ABORTED), ledger.count(BankRecovery.TransferState.BEGUN),
            ledger.count(BankRecovery.TransferState.WITHDRAWN), ledger.count(BankRecovery.TransferState.DEPOSITED),
            toldDone.size());

        try (Engine engine = Engine.start(ExampleEngines.config(2).build()))
        {
            final Bank.Handle bank = Bank.open(engine, dir, TransferStream.openingBalances(),
                TransactionLog.Durability.DISK);
            final BankRecovery.Ledger settled = BankRecovery.read(dir);
            assertEquals(ledger.transfers().size(), settled.count(BankRecovery.TransferState.COMPLETED) +
                settled.count(BankRecovery.TransferState.ABORTED), "settled: " + inFlightBefore + " were half done");
            assertEquals(ledger.expectedTotal(), settled.totalBalance());
            long total = 0;
            for (final String name : TransferStream.openingBalances().keySet())
            {
                final long balance = bank.account(name).<Long>ask(Account::balance).get(Duration.ofSeconds(20));
                assertEquals(settled.balances().get(name), balance, name + " reopened from its log");
                total += balance;
            }
            assertEquals(ledger.expectedTotal(), total);
        }
    }

    private long countEnds()
    {
        // The child may be appending: a torn last line is simply not counted yet.
        final List<String> records = TransactionLog.read(dir.resolve(BankRecovery.BANK_LOG));
        return records.stream().filter(r -> r.startsWith("END ")).count();
    }

    private static void readDone(final Process child, final Set<Long> toldDone)
    {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
            StandardCharsets.US_ASCII)))
        {
            String line;
            while ((line = out.readLine()) != null)
            {
                if (line.startsWith("DONE ") && line.length() > 5)
                {
                    toldDone.add(Long.parseLong(line.substring(5).trim()));
                }
            }
        }
        catch (final IOException | NumberFormatException ex)
        {
            // The last line may be cut by the kill; what was read whole counts.
        }
    }

    private static String exitCode(final Process child)
    {
        return child.isAlive() ? "(alive)" : Integer.toString(child.exitValue());
    }
}
