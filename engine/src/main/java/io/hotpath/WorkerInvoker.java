package io.hotpath;

/**
 * A worker driven by a thread the service already owns, in the manner of Agrona's AgentInvoker: the service calls
 * {@link #doWork()} from its own loop, e.g. {@code idle.idle(invoker.doWork())}. The first thread that calls
 * {@link #doWork()} becomes the worker's only thread. The engine never wakes an embedded worker: the service's loop
 * must keep calling it, also while the engine closes, until {@link #isTerminated()}.
 */
public interface WorkerInvoker
{
    /**
     * Run one duty cycle: drain the inbound queue (bounded), run the ready actors (bounded batch each).
     *
     * @return the work done; 0 means there was nothing to do.
     * @throws IllegalStateException when called from a thread other than the first caller's.
     */
    int doWork();

    /**
     * {@return the worker's name, e.g. {@code hp-worker-1}}
     */
    String name();

    /**
     * {@return the worker's index}
     */
    int index();

    /**
     * {@return true once the worker has finished after the engine closed; doWork() then does nothing}
     */
    boolean isTerminated();
}
