package io.hotpath.testkit;

import io.hotpath.ActorRef;
import io.hotpath.DeadLetterListener;
import io.hotpath.DeadLetterReason;
import io.hotpath.FaultListener;
import io.hotpath.FaultPolicy;

import java.util.List;

/**
 * The listener of a kit's engine: keeps its dead letters and faults until the test takes them. Thread safe: the
 * engine's threads call it.
 */
final class EngineEvents implements DeadLetterListener, FaultListener
{
    final Kept<DeadLetter> deadLetters = new Kept<>();
    final Kept<Fault> faults = new Kept<>();
    private final FaultListener next;

    /**
     * @param next the fault listener the engine's configuration had; told of every fault after it is kept.
     */
    EngineEvents(final FaultListener next)
    {
        this.next = next;
    }

    @Override
    public void onDeadLetter(final ActorRef<?> target, final Object message, final DeadLetterReason reason)
    {
        deadLetters.add(new DeadLetter(target, message, reason));
    }

    @Override
    public void onFault(final ActorRef<?> actor, final Object message, final Throwable error, final FaultPolicy policy)
    {
        faults.add(new Fault(actor, message, error, policy));
        if (next != null)
        {
            next.onFault(actor, message, error, policy);
        }
    }

    /** {@return the dead letters and faults kept, said in a few lines for an assertion's message; empty when none} */
    String summary()
    {
        final StringBuilder sb = new StringBuilder();
        faults.describe(sb, "faults");
        deadLetters.describe(sb, "dead letters");
        return sb.toString();
    }

    /** {@return the oldest kept fault's error, to attach to an assertion that failed, or null} */
    Throwable firstError()
    {
        final List<Fault> all = faults.all();
        return all.isEmpty() ? null : all.get(0).error();
    }
}
