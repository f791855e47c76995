package io.hotpath.runtime;

/**
 * Whether a turn that has used its budget of messages ({@code actor.batchBudget}) may go on: it may while its actor
 * handles them fast, so a flooded actor that keeps up stays on its quickest path (handed over straight from the
 * inbound queue, or its backlog taken in one turn) instead of being cut into batches that send the rest of the flood
 * through its mailbox; a slow one is cut at its budget, which its own pace sets (below).
 * <p>
 * Fast means at most {@link #FAST_NS} per message on average, timed without a clock read per message: the clock is
 * read halfway through the budget and at its end; if the second half took at most {@code FAST_NS} per message, the
 * turn goes on for a budget, then two, four, up to {@link #MOST_TIMED} messages, each stretch timed as a whole; the
 * first that is too slow ends the turn. A turn of one message (a ping-pong's) never reads the clock.
 * The worst a neighbour waits behind a flood for an actor that keeps up is then the inbound queue's capacity times
 * {@code FAST_NS} (3.3 ms for 16,384 frames).
 * <p>
 * A slow actor's turn is cut where its budget ends, and the same timing sets its budget for the turns after: as many
 * messages as fit in {@code actor.batchTimeNs} at the cost per message just measured, at least 2 (so the next full
 * turn is timed again) and at most {@code actor.batchBudget}. What waits behind a slow actor on its worker thus waits
 * about {@code actor.batchTimeNs} per turn of it, not a whole budget of its messages (lab entry
 * 2026-11-29-slow-actor-turn-by-time).
 * <p>
 * NOT thread safe: one turn of the owner's thread at a time.
 */
final class Pace
{
    /** Most time per message, on average, of an actor that may go on past its budget. */
    static final long FAST_NS = 200;
    /** Most messages in one timed stretch: how long a slow spell may go on before the turn is cut. */
    static final int MOST_TIMED = 1024;

    /** {@code actor.batchBudget}. */
    private final int budget;
    /** {@code actor.batchTimeNs}. */
    private final long batchTimeNs;
    /** Messages the turn may handle so far. */
    private int limit;
    /** Where the budget the turn began with ends. */
    private int end;
    /** The clock when the stretch being timed began; 0 before the first. */
    private long stampNs;
    /** Messages in the stretch being timed. */
    private int timed;

    Pace(final int budget, final long batchTimeNs)
    {
        this.budget = budget;
        this.batchTimeNs = batchTimeNs;
    }

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
     * @param cell    the actor whose turn it is: its budget for the turns after is set when a stretch was timed.
     * @return true when it may handle more.
     */
    boolean goOn(final int handled, final ActorCell<?> cell)
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
            cell.batchBudget = budgetFor(timed, nowNs - stampNs);
            return false;
        }
        else
        {
            cell.batchBudget = budget;
            // kept up: the next stretch is twice as long (up to MOST_TIMED), so a long flood reads the clock rarely
            timed = Math.min(Math.max(timed, budget >> 1) << 1, Math.max(budget, MOST_TIMED));
        }
        stampNs = nowNs;
        limit = handled + timed;
        return true;
    }

    /** {@return the messages that fit in {@code actor.batchTimeNs} at the cost of {@code timed} in {@code spentNs}} */
    private int budgetFor(final int timed, final long spentNs)
    {
        final long nsPerMessage = Math.max(1, spentNs / timed);
        return (int)Math.max(2, Math.min(budget, batchTimeNs / nsPerMessage));
    }
}
