package io.hotpath.bench.remote;

/**
 * What the two threads of a paired remote row tell each other about a raw slice ({@link RawSlices}): the keeper's
 * line and the joiner's line, volatile fields each written by one side, each line written a few times per slice only,
 * so a read between slices hits the reader's own cache. The padding is a class hierarchy because the JVM groups a
 * class's fields by size. Every field holds a slice's number: the raw slice k is asked for, joined, switched to the
 * blast, ended, left and drained as each field reaches k. A side waits for a field to reach k, never to equal it: the
 * keeper may give up the next slice (and write its number) before a joiner the host did not run meanwhile has seen
 * the field at k.
 */
final class RawExchange extends RawExchangeJoinerFields
{
    byte p200, p201, p202, p203, p204, p205, p206, p207, p208, p209, p210, p211, p212, p213, p214, p215;
    byte p216, p217, p218, p219, p220, p221, p222, p223, p224, p225, p226, p227, p228, p229, p230, p231;
    byte p232, p233, p234, p235, p236, p237, p238, p239, p240, p241, p242, p243, p244, p245, p246, p247;
    byte p248, p249, p250, p251, p252, p253, p254, p255, p256, p257, p258, p259, p260, p261, p262, p263;
}

/** Padding before the keeper's line. */
abstract class RawExchangePad0
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
}

/** The keeper's line: written by the row's recording thread. */
abstract class RawExchangeKeeperFields extends RawExchangePad0
{
    /** The raw slice the keeper asks the joiner to join. */
    volatile long requested;
    /** A blast's raw slice whose level has been read: the joiner stops answering pings and blasts. */
    volatile long blastFrom;
    /** The raw slice that is over (or given up): the joiner stops. */
    volatile long ended;
    /** The raw slice whose every message the keeper has taken: the joiner's driver may stop sending. */
    volatile long drained;
}

/** Padding between the two lines. */
abstract class RawExchangePad1 extends RawExchangeKeeperFields
{
    byte p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111, p112, p113, p114, p115;
    byte p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127, p128, p129, p130, p131;
    byte p132, p133, p134, p135, p136, p137, p138, p139, p140, p141, p142, p143, p144, p145, p146, p147;
    byte p148, p149, p150, p151, p152, p153, p154, p155, p156, p157, p158, p159, p160, p161, p162, p163;
}

/** The joiner's line: written by the other thread. */
abstract class RawExchangeJoinerFields extends RawExchangePad1
{
    /** The last raw slice the joiner joined. */
    volatile long joined;
    /** Messages the joiner blasted in its last slice; written before {@link #left}. */
    volatile long blasted;
    /** The last raw slice the joiner stopped blasting in; {@link #blasted} is its count. */
    volatile long left;
}
