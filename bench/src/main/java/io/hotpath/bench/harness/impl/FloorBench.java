package io.hotpath.bench.harness.impl;

import io.hotpath.bench.harness.BenchImpl;
import io.hotpath.bench.harness.Faults;
import io.hotpath.bench.harness.Probe;
import io.hotpath.bench.harness.RunContext;
import io.hotpath.bench.harness.Scenario;
import io.hotpath.bench.harness.ScenarioKind;
import io.hotpath.bench.harness.Trial;

/**
 * The physical reference: across threads, two threads busy-spinning on volatile fields (what a round trip costs
 * with nothing but the cache-coherence traffic); on one thread, two plain interface calls. Used by the driver
 * thread.
 */
public final class FloorBench implements BenchImpl
{
    /** How long the initiator awaits the last pong after the stop before it counts it lost. */
    private static final long GIVE_UP_NS = java.util.concurrent.TimeUnit.SECONDS.toNanos(1);

    @Override
    public String name()
    {
        return "floor";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.kind() == ScenarioKind.ROUND_TRIP && scenario.inFlight() == 1;
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        return scenario.colocated() ? sameThread(probe, context.faults()) : crossThread(probe, context.faults());
    }

    /**
     * The two volatile fields, each written by one side, on cache lines of their own. The padding is a class
     * hierarchy because the JVM groups a class's fields by size, so bytes declared between two longs of one class
     * would not separate them.
     */
    static final class Exchange extends ExchangePongFields
    {
        byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
        byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
        byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
        byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
    }

    private static Trial crossThread(final Probe probe, final Faults faults)
    {
        final Exchange x = new Exchange();
        final Probe.Sender sender = probe.newSender();
        final Threads threads = new Threads();
        threads.add("floor-initiator", () ->
        {
            final long self = Thread.currentThread().threadId();
            long seq = 0;
            while (probe.sending())
            {
                seq++;
                final long startNs = System.nanoTime();
                sender.sent();
                x.ping = seq;
                long giveUpNs = 0;
                while (x.pong != seq)
                {
                    // after the stop the ping in flight is still awaited, but not for ever: it may have been dropped
                    if (!probe.sending())
                    {
                        final long nowNs = System.nanoTime();
                        if (giveUpNs == 0)
                        {
                            giveUpNs = nowNs + GIVE_UP_NS;
                        }
                        else if (nowNs - giveUpNs > 0)
                        {
                            break;
                        }
                    }
                    Thread.onSpinWait();
                }
                if (x.pong == seq)
                {
                    probe.onRoundTrip(System.nanoTime() - startNs, x.responderThreadId, self);
                }
            }
            sender.stop();
            x.ping = -1;
        });
        threads.add("floor-responder", () ->
        {
            x.responderThreadId = Thread.currentThread().threadId();
            long last = 0;
            while (true)
            {
                long p;
                while ((p = x.ping) == last)
                {
                    Thread.onSpinWait();
                }
                if (p < 0)
                {
                    return;
                }
                last = p;
                if (!faults.drops(p))
                {
                    x.pong = p;
                }
            }
        });
        return threads.start();
    }

    /** One half of a same-thread round trip: a plain call. */
    private interface Half
    {
        void handle(Envelope m);
    }

    private static Trial sameThread(final Probe probe, final Faults faults)
    {
        final Probe.Sender sender = probe.newSender();
        final Threads threads = new Threads();
        threads.add("floor-same", () ->
        {
            final long self = Thread.currentThread().threadId();
            final Envelope m = new Envelope();
            final Half initiator = (e) -> probe.onRoundTrip(System.nanoTime() - e.stampNs, e.threadId, self);
            final Half responder = (e) ->
            {
                if (!faults.drops(++e.sequence))
                {
                    e.threadId = Thread.currentThread().threadId();
                    initiator.handle(e);
                }
            };
            while (probe.sending())
            {
                m.stampNs = System.nanoTime();
                sender.sent();
                responder.handle(m);
            }
            sender.stop();
        });
        return threads.start();
    }
}

/** Padding before the ping. */
abstract class ExchangePad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** The initiator's field. */
abstract class ExchangePingFields extends ExchangePad0
{
    /** Written by the initiator: the sequence of the ping; -1 tells the responder to exit. */
    volatile long ping;
}

/** Padding between the two sides. */
abstract class ExchangePad1 extends ExchangePingFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

/** The responder's fields. */
abstract class ExchangePongFields extends ExchangePad1
{
    /** Written by the responder: the sequence answered. */
    volatile long pong;
    /** The responder's thread; a plain store published by its first pong. */
    long responderThreadId;
}
