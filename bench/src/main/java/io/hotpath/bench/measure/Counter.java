package io.hotpath.bench.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Padding before {@link CounterFields#value}, so a counter written by one thread shares no cache line.
 */
abstract class CounterPad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

abstract class CounterFields extends CounterPad0
{
    /** Written by the one owning thread with release stores; read anywhere with acquire loads. */
    long value;
}

/**
 * A count with ONE writer thread; any thread may read it. A read that sees a value also sees everything the writer
 * did before it counted (release store, acquire load), so a driver that sees every message received also sees
 * everything recorded for them.
 */
final class Counter extends CounterFields
{
    private static final VarHandle VALUE;

    static
    {
        try
        {
            VALUE = MethodHandles.lookup().findVarHandle(CounterFields.class, "value", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;

    /**
     * Count one; the owning thread only.
     */
    public void increment()
    {
        VALUE.setRelease(this, value + 1);
    }

    /**
     * Count several; the owning thread only.
     *
     * @param n how many.
     */
    public void add(final long n)
    {
        VALUE.setRelease(this, value + n);
    }

    /**
     * @return the count; any thread.
     */
    public long get()
    {
        return (long)VALUE.getAcquire(this);
    }
}
