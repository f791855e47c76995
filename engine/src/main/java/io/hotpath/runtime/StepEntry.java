package io.hotpath.runtime;

import io.hotpath.Cancellable;
import io.hotpath.RepeatingStep;

/**
 * A repeating step of one actor, run by the actor's worker once per duty cycle. Owner worker's thread only.
 */
final class StepEntry implements Cancellable
{
    final ActorCell<?> cell;
    final RepeatingStep step;
    private boolean active = true;

    StepEntry(final ActorCell<?> cell, final RepeatingStep step)
    {
        this.cell = cell;
        this.step = step;
    }

    @Override
    public boolean cancel()
    {
        if (!active)
        {
            return false;
        }
        active = false;
        cell.context.forget(this);
        return true;
    }

    @Override
    public String toString()
    {
        return "repeating step " + step + " of actor '" + cell.name + "'";
    }

    @Override
    public boolean isActive()
    {
        return active;
    }
}
