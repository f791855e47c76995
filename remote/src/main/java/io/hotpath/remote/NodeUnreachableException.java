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
        super(message);
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
