package io.hotpath.remote.transport;

/**
 * What one worker could not yet publish to one worker of a peer (Aeron pushed back, or the session is still in its
 * handshake), or holds for one congested actor of a peer, in order: the message objects themselves, encoded when
 * they go out. Owned by that worker's thread.
 * <p>
 * Bounded for tells and asks ({@code remote.backlog}); an answer always gets in, growing the ring if need be, so
 * that an asker is never left without one (answers are bounded by the asks in flight), and so do the held messages
 * of an actor that caught up while Aeron pushes back (bounded by the hold they come from).
 */
final class Backlog
{
    final Session session;
    final int remoteWorker;
    private final int capacity;
    private Object[] subjects;
    private Object[] messages;
    private long[] correlations;
    private int head;
    private int size;
    /** In its worker's list of backlogs to drain. */
    boolean listed;

    Backlog(final Session session, final int remoteWorker, final int capacity)
    {
        this.session = session;
        this.remoteWorker = remoteWorker;
        this.capacity = capacity;
        final int initial = Math.min(16, Integer.highestOneBit(Math.max(1, capacity - 1)) << 1);
        subjects = new Object[initial];
        messages = new Object[initial];
        correlations = new long[initial];
    }

    boolean isEmpty()
    {
        return size == 0;
    }

    int size()
    {
        return size;
    }

    /**
     * @param subject     the target ref (a tell or an ask) or the served ask (an answer).
     * @param message     the message; null for an answer.
     * @param correlation the ask's correlation id; 0 for a tell.
     * @param always      an answer: take it beyond capacity.
     * @return false when full.
     */
    boolean offer(final Object subject, final Object message, final long correlation, final boolean always)
    {
        if (size >= capacity && !always)
        {
            return false;
        }
        if (size == subjects.length)
        {
            grow();
        }
        final int at = (head + size) & (subjects.length - 1);
        subjects[at] = subject;
        messages[at] = message;
        correlations[at] = correlation;
        size++;
        return true;
    }

    Object headSubject()
    {
        return subjects[head];
    }

    Object headMessage()
    {
        return messages[head];
    }

    long headCorrelation()
    {
        return correlations[head];
    }

    void removeHead()
    {
        subjects[head] = null;
        messages[head] = null;
        head = (head + 1) & (subjects.length - 1);
        size--;
    }

    private void grow()
    {
        final int length = subjects.length;
        final Object[] newSubjects = new Object[length << 1];
        final Object[] newMessages = new Object[length << 1];
        final long[] newCorrelations = new long[length << 1];
        for (int i = 0; i < size; i++)
        {
            final int from = (head + i) & (length - 1);
            newSubjects[i] = subjects[from];
            newMessages[i] = messages[from];
            newCorrelations[i] = correlations[from];
        }
        subjects = newSubjects;
        messages = newMessages;
        correlations = newCorrelations;
        head = 0;
    }
}
