package io.hotpath.runtime;

/**
 * The platform thread of a worker that has a thread of its own; it knows its worker, so code running on it finds
 * its worker without a lookup, and a send from it to another worker finds the engine and the outbound path it takes
 * one load away (docs/lab/2026-11-28-shorter-send-path.md, docs/lab/2026-11-28-worker-thread-copied-fields.md).
 */
final class WorkerThread extends Thread
{
    final Worker worker;
    /** The worker's engine. */
    final EngineRuntime runtime;
    /** The worker's sends to the other workers. */
    final Outbound outbound;

    WorkerThread(final Worker worker)
    {
        super(worker::run, worker.name);
        this.worker = worker;
        this.runtime = worker.runtime;
        this.outbound = worker.outbound;
        setDaemon(worker.runtime.config.workerDaemon());
    }
}
