package io.hotpath.testkit;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Events of one kind kept until a test takes them. Thread safe: the engine's threads add, the test thread reads and
 * takes.
 *
 * @param <T> the kind.
 */
final class Kept<T>
{
    private final List<T> events = new ArrayList<>();

    synchronized void add(final T event)
    {
        events.add(event);
    }

    synchronized List<T> all()
    {
        return List.copyOf(events);
    }

    /** {@return the oldest event that matches, removed; or null} */
    synchronized T take(final Predicate<? super T> which)
    {
        final Iterator<T> it = events.iterator();
        while (it.hasNext())
        {
            final T next = it.next();
            if (which.test(next))
            {
                it.remove();
                return next;
            }
        }
        return null;
    }

    /** {@return every event kept, removed} */
    synchronized List<T> takeAll()
    {
        final List<T> all = List.copyOf(events);
        events.clear();
        return all;
    }

    /** Say the events kept, at most five of them, for an assertion's message. */
    void describe(final StringBuilder sb, final String what)
    {
        final List<T> items = all();
        if (!items.isEmpty())
        {
            sb.append("\n  ").append(what).append(" not taken by the test (").append(items.size()).append("):");
            final int shown = Math.min(5, items.size());
            for (int i = 0; i < shown; i++)
            {
                sb.append("\n    ").append(items.get(i));
            }
            if (shown < items.size())
            {
                sb.append("\n    ...");
            }
        }
    }
}
