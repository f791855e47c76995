package io.hotpath.examples.bank;

import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.ReplyException;
import io.hotpath.examples.ExampleEngines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The transfer written with await: the same receipts, refusals and logs as the callback version, with many
 * transfers under way at once.
 */
class SequentialBankTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;
    private Engine engine;
    private Bank.Handle bank;

    @BeforeEach
    void open()
    {
        engine = Engine.start(ExampleEngines.config(2).build());
        bank = SequentialBank.open(engine, dir, Map.of("alice", 500L, "bob", 100L), TransactionLog.Durability.OS);
    }

    @AfterEach
    void close()
    {
        engine.close();
    }

    @Test
    void aTransferAwaitsEachLegAndARefusalIsCaughtWhereItIsAwaited()
    {
        assertEquals(new Bank.Receipt(1, 300, 300), bank.transfer("alice", "bob", 200).get(WAIT));
        final Reply<Bank.Receipt> refused = bank.transfer("bob", "alice", 1_000);
        assertThatThrownBy(() -> refused.get(WAIT)).isInstanceOf(ReplyException.class).cause()
            .isInstanceOf(InsufficientFundsException.class);
        assertThat(TransactionLog.read(dir.resolve(BankRecovery.BANK_LOG))).endsWith("ABORT 2");
        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        assertEquals(BankRecovery.TransferState.COMPLETED, ledger.transfers().get(1L).state());
        assertEquals(BankRecovery.TransferState.ABORTED, ledger.transfers().get(2L).state());
        assertEquals(Map.of("alice", 300L, "bob", 300L), ledger.balances());
    }

    @Test
    void concurrentTransfersInterleaveWhileEachAwaitsAndMoneyIsConserved()
    {
        final SplittableRandom random = new SplittableRandom(11);
        final List<Reply<Bank.Receipt>> replies = new ArrayList<>();
        for (int i = 0; i < 300; i++)
        {
            final boolean alicePays = random.nextBoolean();
            replies.add(bank.transfer(alicePays ? "alice" : "bob", alicePays ? "bob" : "alice",
                1 + random.nextInt(150)));
        }
        int completed = 0;
        for (final Reply<Bank.Receipt> reply : replies)
        {
            try
            {
                reply.get(WAIT);
                completed++;
            }
            catch (final ReplyException ex)
            {
                assertThat(ex.getCause()).isInstanceOf(InsufficientFundsException.class);
            }
        }
        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        assertThat(ledger.problems()).isEmpty();
        assertEquals(completed, ledger.count(BankRecovery.TransferState.COMPLETED));
        assertEquals(300 - completed, ledger.count(BankRecovery.TransferState.ABORTED));
        assertEquals(600L, ledger.totalBalance());
    }
}
