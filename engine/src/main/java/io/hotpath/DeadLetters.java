package io.hotpath;

/**
 * Counts and reports every message the engine could not deliver. Thread safe.
 */
public interface DeadLetters
{
    /**
     * @return dead letters of every reason so far.
     */
    long count();

    /**
     * @param reason a reason.
     * @return dead letters of that reason so far.
     */
    long count(DeadLetterReason reason);

    /**
     * Add a listener, told of each later dead letter on the thread that found it.
     *
     * @param listener not null.
     */
    void addListener(DeadLetterListener listener);

    /**
     * @param listener a listener added before.
     * @return true if it was removed.
     */
    boolean removeListener(DeadLetterListener listener);
}
