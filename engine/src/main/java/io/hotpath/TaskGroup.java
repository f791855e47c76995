package io.hotpath;

import io.hotpath.runtime.Awaits;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * Structured concurrency for a sequential actor's method: start several asks, take their results as they complete
 * (each with its index) or all at once; when the group closes, the unfinished ones are cancelled and awaited, so
 * nothing outlives it.
 * <pre>{@code
 * try (TaskGroup<String> group = TaskGroup.open())
 * {
 *     for (ActorRef<Query> replica : replicas)
 *     {
 *         group.ask(replica, query);
 *     }
 *     return group.next().value();   // the fastest answer; closing cancels the others
 * }
 * }</pre>
 * NOT thread safe: use it inside the one method that opened it.
 *
 * @param <T> the type of the answers.
 */
public final class TaskGroup<T> implements AutoCloseable
{
    /**
     * One completed task.
     *
     * @param index the order in which it was started, from 0.
     * @param value its answer, or null when it failed.
     * @param error its exception, or null when it succeeded.
     * @param <T>   the type of the answer.
     */
    public record Completed<T>(int index, T value, Throwable error)
    {
        /**
         * {@return the task's answer, if it succeeded}
         *
         * @throws RuntimeException the task's exception, if it failed (a checked one wrapped).
         */
        public T get()
        {
            if (error instanceof RuntimeException runtime)
            {
                throw runtime;
            }
            if (error != null)
            {
                throw new ReplyException("task " + index + " failed: " + error, error);
            }
            return value;
        }
    }

    private final CancellationToken token;
    private final List<Reply<T>> tasks = new ArrayList<>();
    private final ArrayDeque<Completed<T>> completed = new ArrayDeque<>();
    private int taken;
    private Reply<Object> wake;
    private boolean closed;

    private TaskGroup(final CancellationToken token)
    {
        this.token = token;
    }

    /**
     * {@return a group whose asks run under a child of the method's cancellation}
     *
     * @param <T> the type of the answers.
     */
    public static <T> TaskGroup<T> open()
    {
        return new TaskGroup<>(Await.cancellation().newChild());
    }

    /**
     * Start a task: ask an actor, under the group's cancellation.
     *
     * @param ref     the actor.
     * @param message the question.
     * @param <M>     its message type.
     * @return the task's index.
     */
    public <M> int ask(final ActorRef<M> ref, final M message)
    {
        return add(callUnder(() -> ref.<T>ask(message)));
    }

    /**
     * Start a task: call a typed actor, under the group's cancellation.
     *
     * @param ref  the actor.
     * @param call what to compute.
     * @param <A>  its object's type.
     * @return the task's index.
     */
    public <A> int ask(final TypedRef<A> ref, final java.util.function.Function<? super A, ? extends T> call)
    {
        return add(callUnder(() -> ref.ask(call)));
    }

    private Reply<T> callUnder(final java.util.concurrent.Callable<Reply<T>> asking)
    {
        if (closed)
        {
            throw new IllegalStateException("task group is closed");
        }
        try
        {
            return Awaits.withToken(token.cancellation, asking);
        }
        catch (final RuntimeException ex)
        {
            throw ex;
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private int add(final Reply<T> reply)
    {
        final int index = tasks.size();
        tasks.add(reply);
        reply.onComplete((value, error) ->
        {
            completed.add(new Completed<>(index, value, error));
            if (wake != null)
            {
                final Reply<Object> waiting = wake;
                wake = null;
                waiting.complete(null);
            }
        });
        return index;
    }

    /**
     * Await the next task to complete.
     *
     * @return it, with its index; null when every task has been taken.
     */
    public Completed<T> next()
    {
        if (completed.isEmpty())
        {
            if (taken == tasks.size())
            {
                return null;
            }
            wake = Awaits.selfReply();
            Await.await(wake);
        }
        taken++;
        return completed.poll();
    }

    /**
     * Await every task.
     *
     * @return the answers, by index.
     * @throws RuntimeException the first failure in completion order.
     */
    public List<T> all()
    {
        final List<T> values = new ArrayList<>(tasks.size());
        for (int i = 0; i < tasks.size(); i++)
        {
            values.add(null);
        }
        Completed<T> next;
        while ((next = next()) != null)
        {
            values.set(next.index(), next.get());
        }
        return values;
    }

    /**
     * {@return the group's cancellation; cancelling it fails the unfinished tasks}
     */
    public CancellationToken cancellation()
    {
        return token;
    }

    /**
     * Cancel the unfinished tasks and await them, so none outlives the group.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        token.cancel();
        // every unfinished task now ends, as cancelled unless it was answered first
        Completed<T> next;
        do
        {
            next = next();
        }
        while (next != null);
    }

    /**
     * {@return true when it is the cancellation of a task}
     *
     * @param error an exception.
     */
    public static boolean isCancellation(final Throwable error)
    {
        return error instanceof CancellationException;
    }
}
