package io.hotpath.runtime;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterListener;
import io.hotpath.DeadLetterReason;
import io.hotpath.DeadLetters;

import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The engine's dead letters: counted per reason and passed to listeners. Thread safe; off the per-message path
 * (a message only comes here when it cannot be delivered).
 */
final class DeadLetterOffice implements DeadLetters
{
    private final AtomicLongArray counts = new AtomicLongArray(DeadLetterReason.values().length);
    private final CopyOnWriteArrayList<DeadLetterListener> listeners = new CopyOnWriteArrayList<>();

    /**
     * Count a dead letter for one of the engine's actors and tell the listeners; one of the engine's own messages
     * hears that it was not delivered (an ask fails at once instead of waiting out a timeout).
     *
     * @param cell    the actor it was for.
     * @param message the message.
     * @param reason  why.
     */
    void record(final ActorCell<?> cell, final Object message, final DeadLetterReason reason)
    {
        counts.incrementAndGet(reason.ordinal());
        if (message instanceof EngineMessage engineMessage)
        {
            engineMessage.onUndelivered(cell, reason);
            tellListeners(cell.address, engineMessage.toDeadLetter(), reason);
        }
        else
        {
            tellListeners(cell.address, message, reason);
        }
    }

    /**
     * Count dead letters whose messages cannot be handed to the listeners: they are held by a worker whose thread
     * may still run (a close that timed out).
     *
     * @param reason why.
     * @param n      how many.
     */
    void countUnseen(final DeadLetterReason reason, final long n)
    {
        counts.addAndGet(reason.ordinal(), n);
    }

    /**
     * Count a dead letter and tell the listeners. A listener that throws is skipped, never propagated.
     *
     * @param target  the actor it was for.
     * @param message the message.
     * @param reason  why.
     */
    void record(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        counts.incrementAndGet(reason.ordinal());
        tellListeners(target, message, reason);
    }

    private void tellListeners(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        for (final DeadLetterListener listener : listeners)
        {
            try
            {
                listener.onDeadLetter(target, message, reason);
            }
            catch (final RuntimeException ex)
            {
                Logs.DEAD_LETTERS.log(System.Logger.Level.ERROR, () -> "a dead-letter listener threw " + ex, ex);
            }
        }
    }

    @Override
    public String toString()
    {
        final StringBuilder sb = new StringBuilder("DeadLetters[").append(count());
        for (final DeadLetterReason reason : DeadLetterReason.values())
        {
            final long n = count(reason);
            if (n > 0)
            {
                sb.append(", ").append(reason).append('=').append(n);
            }
        }
        return sb.append(']').toString();
    }

    @Override
    public long count()
    {
        long sum = 0;
        for (int i = 0; i < counts.length(); i++)
        {
            sum += counts.get(i);
        }
        return sum;
    }

    @Override
    public long count(final DeadLetterReason reason)
    {
        return counts.get(reason.ordinal());
    }

    @Override
    public void addListener(final DeadLetterListener listener)
    {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public boolean removeListener(final DeadLetterListener listener)
    {
        return listeners.remove(listener);
    }
}
