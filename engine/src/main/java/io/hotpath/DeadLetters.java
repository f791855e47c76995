package io.hotpath;

/**
 * Counts and reports every message the engine could not deliver. Thread safe.
 */
public interface DeadLetters
{
    /**
     * {@return the number of dead letters so far, of every reason}
     */
    long count();

    /**
     * {@return the number of dead letters so far of that reason}
     *
     * @param reason a reason.
     */
    long count(DeadLetterReason reason);

    /**
     * Add a listener, told of each later dead letter on the thread that found it.
     *
     * @param listener not null.
     */
    void addListener(DeadLetterListener listener);

    /**
     * Remove a listener; it may still be told of a dead letter found while it was being removed.
     *
     * @param listener a listener added before.
     * @return true if it was removed, false if it was not there.
     */
    boolean removeListener(DeadLetterListener listener);
}
