package io.hotpath.runtime;

import java.util.ArrayList;

/**
 * The repeating steps of one worker's actors, run once per duty cycle, each in its actor's turn. NOT thread safe:
 * the worker's thread only.
 */
final class RepeatingSteps
{
    private final Worker worker;
    private final ArrayList<StepEntry> entries = new ArrayList<>();

    RepeatingSteps(final Worker worker)
    {
        this.worker = worker;
    }

    void add(final StepEntry entry)
    {
        entries.add(entry);
    }

    boolean isEmpty()
    {
        return entries.isEmpty();
    }

    /**
     * Run every active step whose actor is idle; drop the cancelled ones and those of stopped actors.
     *
     * @return the work the steps did.
     */
    int run()
    {
        if (entries.isEmpty())
        {
            return 0;
        }
        int work = 0;
        for (int i = 0; i < entries.size(); i++)
        {
            final StepEntry entry = entries.get(i);
            final ActorCell<?> cell = entry.cell;
            if (!entry.isActive() || cell.isStopped())
            {
                entries.remove(i--);
                continue;
            }
            if (!cell.isIdle() || cell.startSlowPath() == null)
            {
                continue;
            }
            worker.turns.begin(cell);
            work += UserCode.step(entry);
            worker.turns.end(cell);
        }
        return work;
    }
}
