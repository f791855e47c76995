/**
 * Per-worker timers on Agrona's deadline timer wheel: ask timeouts, actors' scheduled messages, restart backoff.
 * Everything here belongs to one worker's thread; deadlines are nanoseconds of the engine's clock, compared as
 * {@code deadlineNs - nowNs < 0}.
 */
package io.hotpath.timers;
