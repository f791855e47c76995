package io.hotpath.bench.savina.concurrency;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TransfersTest
{
    @Test
    void aSourceIsInTheFirstFifthAndItsDestinationAboveIt()
    {
        for (final int accounts : new int[]{2, 3, 9, 10, 1_000})
        {
            final Transfers sequence = new Transfers(accounts);
            for (int i = 0; i < 10_000; i++)
            {
                final Transfers.Transfer t = sequence.next();
                assertTrue(t.from() < Math.max(1, accounts / 5), t + " of " + accounts);
                assertTrue(t.to() > t.from() && t.to() < accounts, t + " of " + accounts);
                assertTrue(t.amount() >= 1 && t.amount() <= 1_000, t.toString());
            }
        }
    }

    @Test
    void theExpectedFingerprintIsThatOfTheReplayedBalances()
    {
        // two accounts: every transfer goes from 0 to 1
        final Transfers sequence = new Transfers(2);
        long moved = 0;
        for (int i = 0; i < 3; i++)
        {
            moved += sequence.next().amount();
        }
        final long expected = Transfers.fingerprint(0, Transfers.INITIAL_BALANCE - moved) +
            Transfers.fingerprint(1, Transfers.INITIAL_BALANCE + moved);

        assertEquals(expected, Transfers.expectedFingerprint(2, 3));
        assertNotEquals(expected, Transfers.expectedFingerprint(2, 4));
    }

    @Test
    void tooSmallABankIsRefusedSayingWhatItNeeds()
    {
        final String message = assertThrows(IllegalArgumentException.class, () -> new Banking(1, 10)).getMessage();
        assertTrue(message.contains("at least 2 accounts"), message);
        assertThrows(IllegalArgumentException.class, () -> new BankingAwait(10, 0));
    }
}
