package io.hotpath.runtime;

/**
 * Whether a turn that has used its budget of messages ({@code actor.batchBudget}) may go on: it may while its actor
 * handles them fast, so a flooded actor that keeps up stays on its quickest path (handed over straight from the
 * inbound queue, or its backlog taken in one turn) instead of being cut into batches that send the rest of the flood
 * through its mailbox; a slow one is cut at its budget, as before, and what waits behind it waits one batch.
 * <p>
 * Fast means at most {@link #FAST_NS} per message on average, timed without a clock read per message: the clock is
 * read halfway through the budget and at its end; if the second half took at most {@code FAST_NS} per message, the
 * turn goes on for a budget, then two, four, up to {@link #MOST_TIMED} messages, each stretch timed as a whole; the
 * first that is too slow ends the turn. A turn of one message (a ping-pong's) never reads the clock.
 * The worst a neighbour waits behind a flood for an actor that keeps up is then the inbound queue's capacity times
 * {@code FAST_NS} (3.3 ms for 16,384 frames); a slow actor's batches are as long as before.
 * <p>
 * NOT thread safe: one turn of the owner's thread at a time.
 */
final class Pace
{
    /** Most time per message, on average, of an actor that may go on past its budget. */
    static final long FAST_NS = 200;
    /** Most messages in one timed stretch: how long a slow spell may go on before the turn is cut. */
    static final int MOST_TIMED = 1024;

    /** Messages the turn may handle so far. */
    private int limit;
    /** Where the budget the turn began with ends. */
    private int end;
    /** The clock when the stretch being timed began; 0 before the first. */
    private long stampNs;
    /** Messages in the stretch being timed. */
    private int timed;

    /**
     * A turn begins.
     *
     * @param allowance the messages it may handle without being timed: what is left of its budget.
     */
    void begin(final int allowance)
    {
        end = allowance;
        limit = allowance >> 1;
        stampNs = 0;
    }

    /** @return the messages the turn may handle so far, counted from its start. */
    int limit()
    {
        return limit;
    }

    /**
     * @param handled messages the turn has handled.
     * @return true while the turn is within what it may handle.
     */
    boolean within(final int handled)
    {
        return handled < limit;
    }

    /**
     * The turn has handled all it may so far: time it and, if it went fast, let it go on for twice as
     * long as the stretch just timed.
     *
     * @param handled messages the turn has handled.
     * @param budget  {@code actor.batchBudget}.
     * @return true when it may handle more.
     */
    boolean goOn(final int handled, final int budget)
    {
        final long nowNs = System.nanoTime();
        if (stampNs == 0)
        {
            // halfway: the rest of the budget is timed; none left (a run handed one message on a budget of one):
            // nothing was timed, so nothing more
            timed = end - handled;
            if (timed <= 0)
            {
                return false;
            }
        }
        else if (nowNs - stampNs > timed * FAST_NS)
        {
            return false;
        }
        else
        {
            // kept up: the next stretch is twice as long (up to MOST_TIMED), so a long flood reads the clock rarely
            timed = Math.min(Math.max(timed, budget >> 1) << 1, Math.max(budget, MOST_TIMED));
        }
        stampNs = nowNs;
        limit = handled + timed;
        return true;
    }
}
