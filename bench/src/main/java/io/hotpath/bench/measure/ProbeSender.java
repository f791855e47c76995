package io.hotpath.bench.measure;

/**
 * One sending thread's counts and stop acknowledgement, registered with a {@link Probe} ({@link Probe#newSender()}):
 * each count has that thread as its only writer, any thread may read it.
 */
public final class ProbeSender extends ProbeSenderPad
{
    /**
     * A fixed-rate sender looks at the messages in flight once per this many sent, while measured (a power of two):
     * often enough to see a backlog of a quarter of any queue here (thousands), rare enough that reading the
     * receiver's count costs the row nothing.
     */
    public static final int IN_FLIGHT_EVERY = 256;

    private final Counter sent = new Counter();
    private final Counter refused = new Counter();
    /** The most messages sent and not yet received that this sender saw while measured; it alone writes it. */
    private volatile long mostInFlight;
    private volatile boolean stopped;
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;

    /** Made by {@link Probe#newSender()} only. */
    ProbeSender()
    {
    }

    /** Count one message sent; the sending thread only. */
    public void sent()
    {
        sent.increment();
    }

    /** Count several messages sent; the sending thread only. @param n how many. */
    public void sent(final int n)
    {
        sent.add(n);
    }

    /** Count one offer refused by a full queue; the sending thread only. */
    public void refused()
    {
        refused.increment();
    }

    /**
     * A look at the messages in flight while measured (sent, not yet received); keeps the most. The sending thread
     * only, now and then (a look reads the receiver's count, a line the receiver writes).
     *
     * @param inFlight messages sent and not yet received now.
     */
    public void noteInFlight(final long inFlight)
    {
        if (inFlight > mostInFlight)
        {
            mostInFlight = inFlight;
        }
    }

    /** @return the most messages in flight this sender saw while measured; any thread. */
    public long mostInFlight()
    {
        return mostInFlight;
    }

    /** Acknowledge the stop: this sender sends nothing more. */
    public void stop()
    {
        stopped = true;
    }

    /** @return messages sent so far; any thread. */
    public long count()
    {
        return sent.get();
    }

    /** @return offers refused so far; any thread. */
    public long refusedCount()
    {
        return refused.get();
    }

    /** @return true once acknowledged. */
    public boolean isStopped()
    {
        return stopped;
    }
}

/** Padding before a sender's fields. */
abstract class ProbeSenderPad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}
