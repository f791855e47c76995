package io.hotpath.runtime;

import io.hotpath.DeadLetterReason;
import io.hotpath.UndeliveredException;

import java.util.ArrayList;

/**
 * The questions an actor has taken and kept unanswered ({@code replyLater}, or a method that suspended before it
 * answered), each with the round it was asked in, so that they fail at once when the actor stops or the engine
 * closes instead of leaving their askers waiting for ever. NOT thread safe: the actor's worker only. Answered ones
 * are dropped as the list grows, so a long-lived actor does not pile them up.
 */
final class KeptAsks
{
    private final ArrayList<Exchange<?>> exchanges = new ArrayList<>();
    private final ArrayList<Integer> rounds = new ArrayList<>();
    private int pruneAt = 16;

    void keep(final Exchange<?> exchange)
    {
        if (exchanges.size() >= pruneAt)
        {
            prune();
            pruneAt = Math.max(16, exchanges.size() * 2);
        }
        exchanges.add(exchange);
        rounds.add(exchange.armedRound());
    }

    private void prune()
    {
        for (int i = exchanges.size() - 1; i >= 0; i--)
        {
            if (!exchanges.get(i).isPending(rounds.get(i)))
            {
                exchanges.remove(i);
                rounds.remove(i);
            }
        }
    }

    /** Fail every kept question still unanswered in the round it was kept in. */
    void failAll(final String actorName, final DeadLetterReason reason)
    {
        for (int i = 0; i < exchanges.size(); i++)
        {
            exchanges.get(i).failRound(rounds.get(i), new UndeliveredException("ask to actor '" + actorName +
                "' was taken but never answered: " + reason, reason));
        }
        exchanges.clear();
        rounds.clear();
    }
}
