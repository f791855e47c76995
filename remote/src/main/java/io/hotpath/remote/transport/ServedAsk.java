package io.hotpath.remote.transport;

import io.hotpath.ActorRef;
import io.hotpath.Reply;

import java.util.function.BiConsumer;

/**
 * An ask from another node being served on this one: the local actor is asked with {@link #reply}, and its
 * outcome goes back to the asker's node. Pooled by its worker, which owns it; the reply is reused from ask to ask,
 * so serving allocates nothing in steady state.
 */
final class ServedAsk implements BiConsumer<Object, Throwable>
{
    private final WorkerLink link;
    Reply<Object> reply = new Reply<>();
    Session session;
    long correlation;
    int replyWorker;
    ActorRef<?> target;
    Object value;
    Throwable error;

    ServedAsk(final WorkerLink link)
    {
        this.link = link;
    }

    void start(final Session from, final long correlationId, final int answerTo, final ActorRef<?> asked)
    {
        session = from;
        correlation = correlationId;
        replyWorker = answerTo;
        target = asked;
        value = null;
        error = null;
    }

    /** The local actor's answer, on this worker under the link's exclusion. */
    @Override
    public void accept(final Object answer, final Throwable failure)
    {
        value = answer;
        error = failure;
        link.answer(this);
    }

    void clear()
    {
        session = null;
        target = null;
        value = null;
        error = null;
    }
}
