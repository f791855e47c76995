package io.hotpath.testkit;

import io.hotpath.Reply;

/**
 * A message a {@link TestProbe} received, with the reply the asker waits for when it was sent with {@code ask}: the
 * test answers in the actor's place. NOT thread safe: the kit's test thread only.
 *
 * @param <M> the type of message.
 */
public final class AskedMessage<M>
{
    private final M message;
    private final Reply<Object> reply;

    AskedMessage(final M message, final Reply<Object> reply)
    {
        this.message = message;
        this.reply = reply;
    }

    /** {@return the message} */
    public M message()
    {
        return message;
    }

    /** {@return true when it was sent with {@code ask}} */
    public boolean wasAsked()
    {
        return reply != null;
    }

    /**
     * Answer the ask, as the actor would with {@code ctx.reply(value)}.
     *
     * @param value the answer.
     * @return false when the reply was decided already (its ask timed out).
     */
    public boolean reply(final Object value)
    {
        return asked().complete(value);
    }

    /**
     * Fail the ask, as an actor's handler that throws does.
     *
     * @param error what the asker gets.
     * @return false when the reply was decided already.
     */
    public boolean fail(final Throwable error)
    {
        return asked().fail(error);
    }

    private Reply<Object> asked()
    {
        if (reply == null)
        {
            throw new IllegalStateException("the message was told, not asked: there is no one to answer (" + message +
                ")");
        }
        return reply;
    }

    @Override
    public String toString()
    {
        return (reply == null ? "told " : "asked ") + message;
    }
}
