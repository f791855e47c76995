package io.hotpath.examples.bank;

import io.hotpath.Engine;
import io.hotpath.Reply;
import io.hotpath.ReplyException;
import io.hotpath.TypedRef;
import io.hotpath.examples.ExampleEngines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deposits, withdrawals, refusals and transfers on a bank of account actors over two workers, each reply checked
 * against the logs it promises.
 */
class BankTest
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
        bank = Bank.open(engine, dir, Map.of("alice", 500L, "bob", 100L), TransactionLog.Durability.DISK);
    }

    @AfterEach
    void close()
    {
        engine.close();
    }

    @Test
    void depositAndWithdrawChangeTheBalanceAndAreLoggedBeforeTheyReturn()
    {
        final TypedRef<Account> alice = bank.account("alice");
        assertEquals(550L, alice.ask(a -> a.deposit(50)).get(WAIT));
        assertThat(TransactionLog.read(dir.resolve("alice.log"))).endsWith("DEPOSIT L1 50 550");
        assertEquals(530L, alice.ask(a -> a.withdraw(20)).get(WAIT));
        assertThat(TransactionLog.read(dir.resolve("alice.log"))).endsWith("WITHDRAW L2 20 530");
        assertEquals(530L, alice.<Long>ask(Account::balance).get(WAIT));
    }

    @Test
    void insufficientFundsTravelBackAsTheExceptionOfTheReplyAndChangeNothing()
    {
        final TypedRef<Account> bob = bank.account("bob");
        assertThatThrownBy(() -> bob.ask(a -> a.withdraw(101)).get(WAIT))
            .isInstanceOf(ReplyException.class)
            .cause().isInstanceOf(InsufficientFundsException.class).hasMessageContaining("has 100, cannot withdraw 101");
        assertEquals(100L, bob.<Long>ask(Account::balance).get(WAIT));
        assertThat(TransactionLog.read(dir.resolve("bob.log"))).endsWith("REFUSED L1 101 100");
        assertThatThrownBy(() -> bob.ask(a -> a.deposit(0)).get(WAIT)).cause()
            .isInstanceOf(IllegalArgumentException.class);
        assertEquals(1L, bob.<Long>ask(a -> a.deposit(1) - a.withdraw(1)).get(WAIT), "the actor goes on");
    }

    @Test
    void aTransferMovesTheMoneyAndIsCompleteInTheLogsWhenItsReplyArrives()
    {
        final Bank.Receipt receipt = bank.transfer("alice", "bob", 200).get(WAIT);
        assertEquals(new Bank.Receipt(1, 300, 300), receipt);
        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        assertEquals(BankRecovery.TransferState.COMPLETED, ledger.transfers().get(1L).state());
        assertEquals(Map.of("alice", 300L, "bob", 300L), ledger.balances());
        assertThat(ledger.problems()).isEmpty();
    }

    @Test
    void aRefusedTransferFailsTheCallersReplyAndIsLoggedAsAborted()
    {
        final Reply<Bank.Receipt> reply = bank.transfer("bob", "alice", 150);
        assertThatThrownBy(() -> reply.get(WAIT)).cause().isInstanceOf(InsufficientFundsException.class);
        final BankRecovery.Ledger ledger = BankRecovery.read(dir);
        assertEquals(BankRecovery.TransferState.ABORTED, ledger.transfers().get(1L).state());
        assertThat(TransactionLog.read(dir.resolve(BankRecovery.BANK_LOG))).endsWith("ABORT 1");
        assertEquals(Map.of("alice", 500L, "bob", 100L), ledger.balances());
        assertThatThrownBy(() -> bank.transfer("bob", "carol", 1).get(WAIT)).cause()
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void manyConcurrentTransfersConserveMoneyAndEndCompletedOrAborted()
    {
        final SplittableRandom random = new SplittableRandom(7);
        final List<Reply<Bank.Receipt>> replies = new ArrayList<>();
        for (int i = 0; i < 400; i++)
        {
            final boolean alicepays = random.nextBoolean();
            replies.add(bank.transfer(alicepays ? "alice" : "bob", alicepays ? "bob" : "alice", 1 + random.nextInt(120)));
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
        assertEquals(400 - completed, ledger.count(BankRecovery.TransferState.ABORTED));
        assertEquals(600L, ledger.totalBalance());
        assertEquals(ledger.balances().get("alice"), bank.account("alice").<Long>ask(Account::balance).get(WAIT));
    }

    @Test
    void settlingFinishesEveryHalfDoneTransferAndTheBankCarriesOnFromTheLogs() throws IOException
    {
        engine.close();
        // What a crash between the steps leaves: 2 only begun, 3 withdrawn, 4 deposited but not confirmed.
        try (TransactionLog log = TransactionLog.open(dir.resolve(BankRecovery.BANK_LOG), TransactionLog.Durability.OS);
            TransactionLog alice = TransactionLog.open(dir.resolve("alice.log"), TransactionLog.Durability.OS);
            TransactionLog bob = TransactionLog.open(dir.resolve("bob.log"), TransactionLog.Durability.OS))
        {
            log.append("BEGIN 2 alice bob 10");
            log.append("BEGIN 3 alice bob 20");
            alice.append("WITHDRAW T3 20 480");
            log.append("BEGIN 4 bob alice 30");
            bob.append("WITHDRAW T4 30 70");
            alice.append("DEPOSIT T4 30 510");
        }
        Files.writeString(dir.resolve("bob.log"), "DEPOSIT T9 1 7", StandardOpenOption.APPEND);
        final BankRecovery.Ledger crashed = BankRecovery.read(dir);
        assertThat(crashed.problems()).isEmpty();
        assertEquals(List.of(BankRecovery.TransferState.BEGUN, BankRecovery.TransferState.WITHDRAWN,
            BankRecovery.TransferState.DEPOSITED), crashed.transfers().values().stream().map(t -> t.state()).toList());
        assertEquals(20, crashed.inFlight());
        assertEquals(crashed.expectedTotal(), crashed.totalBalance() + crashed.inFlight());

        engine = Engine.start(ExampleEngines.config(2).build());
        bank = Bank.open(engine, dir, Map.of("alice", 500L, "bob", 100L), TransactionLog.Durability.DISK);
        final BankRecovery.Ledger settled = BankRecovery.read(dir);
        assertEquals(List.of(BankRecovery.TransferState.ABORTED, BankRecovery.TransferState.COMPLETED,
            BankRecovery.TransferState.COMPLETED), settled.transfers().values().stream().map(t -> t.state()).toList());
        assertEquals(Map.of("alice", 510L, "bob", 90L), settled.balances());
        assertEquals(new Bank.Receipt(5, 500, 100), bank.transfer("alice", "bob", 10).get(WAIT),
            "ids and balances carry on from the logs");
        assertTrue(BankRecovery.read(dir).problems().isEmpty());
    }
}
