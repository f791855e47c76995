/**
 * The engine's JFR events, category "Hotpath": each is committed only when a recording has enabled it (callers
 * check {@code isEnabled()} or {@code shouldCommit()} before filling one in), so with no recording they cost a
 * check. Stalls and restarts are rare; dead letters are one periodic event per engine and reason with the count of
 * the interval, never one per message; await suspensions are sampled. Internal: not exported; read the events by
 * their names ({@code io.hotpath.WorkerStall}, ...) in a recording.
 */
package io.hotpath.events;
