package io.hotpath.runtime;

/**
 * The platform thread of a worker that has a thread of its own; it knows its worker, so code running on it finds
 * its worker without a lookup.
 */
final class WorkerThread extends Thread
{
    final Worker worker;

    WorkerThread(final Worker worker)
    {
        super(worker::run, worker.name);
        this.worker = worker;
        setDaemon(worker.runtime.config.workerDaemon());
    }
}
