package io.hotpath.examples.bank;

import io.hotpath.Engine;
import io.hotpath.EngineConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;

/**
 * The process the crash test kills: opens a bank of {@value #ACCOUNTS} accounts and runs an endless stream of random
 * transfers, up to {@value #IN_FLIGHT} at once, printing {@code DONE id} or {@code REFUSED} as each reply arrives.
 * Main thread only.
 */
public final class TransferStream
{
    static final int ACCOUNTS = 8;
    static final long OPENING_BALANCE = 1_000;
    static final int IN_FLIGHT = 32;

    private TransferStream()
    {
    }

    static Map<String, Long> openingBalances()
    {
        final Map<String, Long> balances = new LinkedHashMap<>();
        for (int i = 0; i < ACCOUNTS; i++)
        {
            balances.put("acct" + i, OPENING_BALANCE);
        }
        return balances;
    }

    /**
     * @param args the bank's directory, made if need be.
     * @throws InterruptedException never in practice: the process is killed.
     * @throws IOException when the directory cannot be made.
     */
    public static void main(final String[] args) throws InterruptedException, IOException
    {
        final Path dir = Files.createDirectories(Path.of(args[0]));
        final Engine engine = Engine.start(EngineConfig.builder().workers(2).idle("backoff").build());
        final Bank.Handle bank = Bank.open(engine, dir, openingBalances(), TransactionLog.Durability.DISK);
        final Semaphore window = new Semaphore(IN_FLIGHT);
        final SplittableRandom random = new SplittableRandom(42);
        while (true)
        {
            window.acquire();
            final int from = random.nextInt(ACCOUNTS);
            final int to = (from + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
            bank.transfer("acct" + from, "acct" + to, 1 + random.nextInt(400)).toCompletableFuture()
                .whenCompleteAsync((receipt, error) ->
                {
                    // Printed off the worker, and only once the reply completed: after END reached the disk.
                    System.out.println(error == null ? "DONE " + receipt.id() : "REFUSED");
                    window.release();
                });
        }
    }
}
