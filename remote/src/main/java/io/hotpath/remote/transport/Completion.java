package io.hotpath.remote.transport;

import io.hotpath.Reply;

/**
 * The outcome of a reply, carried to the link of the worker that asked, which completes it there. Immutable.
 *
 * @param reply the reply.
 * @param value its value, when error is null.
 * @param error its failure, or null.
 */
record Completion(Reply<?> reply, Object value, Throwable error)
{
    /** Complete the reply; a reply completed already keeps its outcome. */
    @SuppressWarnings("unchecked")
    static void apply(final Reply<?> reply, final Object value, final Throwable error)
    {
        if (reply.isDone())
        {
            return;
        }
        if (error != null)
        {
            reply.fail(error);
        }
        else
        {
            ((Reply<Object>)reply).complete(value);
        }
    }
}
