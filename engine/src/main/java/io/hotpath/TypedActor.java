package io.hotpath;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Runs the calls sent through a {@link TypedRef} against the object, on the actor's worker, and passes the
 * lifecycle hooks on to the object when it implements {@link ActorLifecycle}. NOT thread safe.
 *
 * @param <T> the type of the object.
 */
final class TypedActor<T> implements Actor<Object>, ActorLifecycle
{
    private final T object;
    private final ActorContext<Object> context;

    TypedActor(final T object, final ActorContext<Object> context)
    {
        this.object = object;
        this.context = context;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onMessage(final Object call)
    {
        if (call instanceof Function<?, ?> function)
        {
            context.reply(((Function<T, ?>)function).apply(object));
        }
        else
        {
            ((Consumer<T>)call).accept(object);
        }
    }

    T object()
    {
        return object;
    }

    @Override
    public void onStart()
    {
        if (object instanceof ActorLifecycle hooks)
        {
            hooks.onStart();
        }
    }

    @Override
    public void onStop()
    {
        if (object instanceof ActorLifecycle hooks)
        {
            hooks.onStop();
        }
    }

    @Override
    public void preRestart(final Throwable cause)
    {
        if (object instanceof ActorLifecycle hooks)
        {
            hooks.preRestart(cause);
        }
    }

    @Override
    public void postRestart(final Throwable cause)
    {
        if (object instanceof ActorLifecycle hooks)
        {
            hooks.postRestart(cause);
        }
    }
}
