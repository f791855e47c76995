package io.hotpath.bench.cluster;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A member's tally charges what its service thread allocates to the kind of message being applied, counts each kind's
 * messages, and travels whole over the member's output.
 */
class ServiceTallyTest
{
    /** Kept reachable so the allocation is not optimised away. */
    private static byte[] sink;

    @Test
    void bytesAllocatedWhileAKindIsAppliedAreChargedToThatKind()
    {
        final ServiceTally tally = new ServiceTally();
        tally.start(Thread.currentThread());
        tally.applying(ServiceTally.RAW);
        tally.applying(ServiceTally.HOTPATH);
        tally.applying(ServiceTally.HOTPATH);
        sink = new byte[1 << 20];
        final ServiceTally.Snapshot whileHotpath = tally.read();
        tally.applying(ServiceTally.RAW);
        final ServiceTally.Snapshot after = tally.read();

        assertEquals(2, after.hotpathMessages());
        assertEquals(2, after.rawMessages());
        assertTrue(whileHotpath.hotpathBytes() >= sink.length, "the open run counts: " + whileHotpath);
        assertTrue(after.hotpathBytes() >= sink.length, "" + after);
        assertTrue(after.rawBytes() < sink.length, "" + after);
        assertTrue(after.jvmBytes() >= after.hotpathBytes(), "" + after);
        assertTrue(after.threads().containsKey(Thread.currentThread().getName()), "" + after.threads().keySet());
    }

    @Test
    void aSnapshotReadsBackFromItsLine()
    {
        final ServiceTally tally = new ServiceTally();
        tally.start(Thread.currentThread());
        tally.applying(ServiceTally.HOTPATH);
        final ServiceTally.Snapshot snapshot = tally.read();

        final ServiceTally.Snapshot back = ServiceTally.Snapshot.parse(snapshot.line());
        assertEquals(snapshot.hotpathMessages(), back.hotpathMessages());
        assertEquals(snapshot.hotpathBytes(), back.hotpathBytes());
        assertEquals(snapshot.jvmBytes(), back.jvmBytes());
        assertTrue(!back.threads().isEmpty() && back.threads().size() <= snapshot.threads().size(), "" +
            back.threads());
        final ServiceTally.Snapshot none = back.minus(back);
        assertEquals(0, none.hotpathMessages() + none.hotpathBytes() + none.rawMessages() + none.rawBytes());
    }
}
