package io.hotpath.bench.impl;

/**
 * The floor's two cache lines: the initiator's ping and the responder's pong, volatile fields on lines of their own,
 * each written by one side. The padding is a class hierarchy because the JVM groups a class's fields by size, so
 * bytes declared between two longs of one class would not separate them. Used by the floor row and by the floor
 * slices of paired rows, so both measure the same thing.
 */
final class FloorExchange extends FloorExchangePongFields
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
}

/** Padding before the ping. */
abstract class FloorExchangePad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** The initiator's line. */
abstract class FloorExchangePingFields extends FloorExchangePad0
{
    /** Written by the initiator: the sequence of the ping; negative tells the responder to leave. */
    volatile long ping;
    /**
     * Written by the initiator once per slice: the slice it asks the responder to join. Read by the responder with
     * each message (ping-pong) or each batch (blast); the line is written once per slice, so the read hits the
     * responder's own cache between slices.
     */
    volatile long requested;
}

/** Padding between the two sides. */
abstract class FloorExchangePad1 extends FloorExchangePingFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

/** The responder's line. */
abstract class FloorExchangePongFields extends FloorExchangePad1
{
    /** Written by the responder: the sequence answered. */
    volatile long pong;
    /** Written by the responder: the last slice it joined. */
    volatile long joined;
    /**
     * Written by the responder of a fixed-rate row (its sender) just before it joins a slice: the messages it had
     * sent by then, which its receiver finds waiting when the slice ends.
     */
    volatile long sentAtJoin;
    /** The responder's thread; a plain store published by its first pong. */
    long responderThreadId;
}
