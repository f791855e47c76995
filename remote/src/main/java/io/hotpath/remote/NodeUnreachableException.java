package io.hotpath.remote;

/**
 * A remote node could not be reached: it never answered, or it was lost (no heartbeat within the failure timeout,
 * it said goodbye, it restarted as a new incarnation). Pending asks to its actors fail with this at once; so does a
 * resolve that cannot reach it. The message names the node and why.
 */
public final class NodeUnreachableException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** The address of the node that could not be reached; see {@link #node()}. */
    private final String node;

    /**
     * Make the exception pending asks and resolves fail with when a node cannot be reached.
     *
     * @param node    the node's address.
     * @param message says why.
     */
    public NodeUnreachableException(final String node, final String message)
    {
        this(node, message, true);
    }

    /**
     * Make the exception, with or without a stack trace: the stack is the node's, not the asker's, and a failed ask
     * keeps its exception as long as its reply is kept ({@code remote.stackTraces}).
     *
     * @param node       the node's address.
     * @param message    says why.
     * @param stackTrace true to record the stack trace.
     */
    public NodeUnreachableException(final String node, final String message, final boolean stackTrace)
    {
        super(message, null, true, stackTrace);
        this.node = node;
    }

    /**
     * {@return the address of the node that could not be reached}
     */
    public String node()
    {
        return node;
    }
}
