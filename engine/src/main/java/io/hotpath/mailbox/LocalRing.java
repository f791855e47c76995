package io.hotpath.mailbox;

/**
 * A bounded first-in first-out ring touched by ONE thread, its owning worker: not thread safe, no atomics.
 * Used for actors' mailboxes and workers' ready queues.
 * <p>
 * The ring starts small and doubles up to its capacity, so a quiet actor costs little memory; once grown it never
 * shrinks, so steady state allocates nothing.
 * <p>
 * Not final: a worker's ready queue is one ({@code ReadyQueue}), so that its duty cycle reaches the queued actors
 * without a load of a holder first.
 *
 * @param <E> the element type.
 */
public class LocalRing<E>
{
    private static final int INITIAL_SIZE = 16;

    /** Most elements any ring holds, beyond its capacity included: the longest power-of-two array. */
    public static final int MAX_SIZE = 1 << 30;

    private final int capacity;
    private Object[] buffer;
    private int mask;
    /** {@link #offer} takes elements while fewer than this are held: the buffer's length, at most the capacity. */
    private int limit;
    private long head;
    private long tail;

    /**
     * @param capacity most elements held, a power of two.
     */
    public LocalRing(final int capacity)
    {
        if (capacity < 1 || Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two: " + capacity);
        }
        this.capacity = capacity;
        this.buffer = new Object[Math.min(INITIAL_SIZE, capacity)];
        this.mask = buffer.length - 1;
        this.limit = buffer.length;
    }

    /**
     * @param element not null.
     * @return false when the ring holds {@link #capacity()} elements.
     */
    public boolean offer(final E element)
    {
        if (tail - head >= limit && !growSlowPath())
        {
            return false;
        }
        buffer[(int)tail & mask] = element;
        tail++;
        return true;
    }

    /**
     * Append even beyond the capacity, growing as needed: for the engine's own messages (answers to asks), which
     * must not be refused. Rare, so its allocation does not matter.
     *
     * @param element not null.
     */
    public void offerBeyondCapacity(final E element)
    {
        if (tail - head == buffer.length)
        {
            if (buffer.length == MAX_SIZE)
            {
                throw new IllegalStateException("a ring holds at most " + MAX_SIZE + " elements");
            }
            resize(buffer.length * 2);
        }
        buffer[(int)tail & mask] = element;
        tail++;
    }

    /**
     * @return the oldest element, or null when empty.
     */
    @SuppressWarnings("unchecked")
    public E poll()
    {
        if (head == tail)
        {
            return null;
        }
        final int i = (int)head & mask;
        final E e = (E)buffer[i];
        buffer[i] = null;
        head++;
        return e;
    }

    /**
     * @param offset from the oldest element, less than {@link #size()}.
     * @return that element, left in place.
     */
    @SuppressWarnings("unchecked")
    public E peek(final int offset)
    {
        return (E)buffer[(int)(head + offset) & mask];
    }

    /**
     * @return true when empty.
     */
    public boolean isEmpty()
    {
        return head == tail;
    }

    /**
     * @return elements held.
     */
    public int size()
    {
        return (int)(tail - head);
    }

    /**
     * @return most elements held.
     */
    public int capacity()
    {
        return capacity;
    }

    private boolean growSlowPath()
    {
        if (tail - head >= capacity)
        {
            return false;
        }
        if (tail - head == buffer.length)
        {
            resize(buffer.length * 2);
        }
        return true;
    }

    private void resize(final int newLength)
    {
        final int size = size();
        final Object[] grown = new Object[newLength];
        for (int i = 0; i < size; i++)
        {
            grown[i] = buffer[(int)(head + i) & mask];
        }
        buffer = grown;
        mask = grown.length - 1;
        limit = Math.min(grown.length, capacity);
        tail = size;
        head = 0;
    }
}
