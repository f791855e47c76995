package io.hotpath.remote;

/**
 * A resolve reached its node, but no actor is published there under the name asked for.
 */
public final class ActorNotPublishedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a resolve fails with when the node has no actor published under the name.
     *
     * @param node the node's address.
     * @param name the name asked for.
     */
    public ActorNotPublishedException(final String node, final String name)
    {
        super("no actor is published as '" + name + "' on node " + node + " (publish it there with " +
            "node.publish(\"" + name + "\", ref))");
    }
}
