package io.hotpath.bench.measure;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixedRateFiguresTest
{
    @Test
    void aQueueIsSaturatedWhileMeasuredWhenItsMarkSinceTheStartReachedTheCapacity()
    {
        final InboundFill fullInWarmup = new InboundFill(16, 16, 3);
        assertTrue(fullInWarmup.saturatedInWarmup());
        assertFalse(new FixedRateFigures(1, 1.0, 0, 0, 0, fullInWarmup).saturatedWhileMeasured(),
            "full only before the measurement");
        assertTrue(new FixedRateFigures(1, 1.0, 0, 0, 0, new InboundFill(16, 16, 16)).saturatedWhileMeasured(),
            "full in the warm-up and again while measured");
        assertTrue(new FixedRateFigures(1, 1.0, 0, 0, 0, new InboundFill(16, 9, 16)).saturatedWhileMeasured());
        assertFalse(new FixedRateFigures(1, 1.0, 0, 0, 0, new InboundFill(16, 9, 12)).saturatedWhileMeasured());
        assertFalse(new FixedRateFigures(1, 1.0, 5, 0, 0, null).saturatedWhileMeasured(), "a peer has no inbound queue");
    }

    @Test
    void theShareOfTheCapacityIsTheMeasuredMarkNotTheWarmUps()
    {
        assertEquals(0.25, new InboundFill(16, 16, 4).measuredShare());
        assertEquals(0.0, new InboundFill(16, 12, 0).measuredShare());
    }

    @Test
    void offersRefusedWhileTheQueueNeverFilledAreTheReceiversCongestionNotAFullQueue()
    {
        final FixedRateFigures congested = new FixedRateFigures(1, 1.0, 5, 0, 0, new InboundFill(16, 9, 12));
        assertFalse(congested.saturatedWhileMeasured(), "the queue held at most 12 of 16");
        assertTrue(congested.congestedWhileMeasured());
        assertFalse(new FixedRateFigures(1, 1.0, 5, 0, 0, new InboundFill(16, 9, 16)).congestedWhileMeasured(),
            "the queue filled: the refusals are its own");
        assertFalse(new FixedRateFigures(1, 1.0, 0, 0, 0, new InboundFill(16, 9, 12)).congestedWhileMeasured());
        assertFalse(new FixedRateFigures(1, 1.0, 5, 0, 0, null).congestedWhileMeasured(), "a peer has no engine");
    }
}
