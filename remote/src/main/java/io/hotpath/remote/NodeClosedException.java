package io.hotpath.remote;

/**
 * The node is closed (or its engine is, which takes the node off the network with it): it resolves, publishes and
 * sends nothing more, and the asks it still had pending have failed with this. Start a new node to reach the
 * network again.
 */
public final class NodeClosedException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a call on a closed node gets.
     *
     * @param message says what was refused and why.
     */
    public NodeClosedException(final String message)
    {
        this(message, true);
    }

    /**
     * Make the exception that fails an ask the node's close left pending; without a stack trace unless one is asked
     * for (the stack is the node's, not the asker's, and a failed ask keeps its exception as long as its reply is
     * kept).
     *
     * @param message    names the actor asked and why the ask ended.
     * @param stackTrace true to record the stack trace ({@code remote.stackTraces}).
     */
    public NodeClosedException(final String message, final boolean stackTrace)
    {
        super(message);
        if (stackTrace)
        {
            super.fillInStackTrace();
        }
    }

    /**
     * Records nothing: the constructors record the stack trace themselves when it is wanted, as an
     * {@link IllegalStateException} cannot be told not to at construction.
     *
     * @return this.
     */
    @Override
    public synchronized Throwable fillInStackTrace()
    {
        return this;
    }
}
