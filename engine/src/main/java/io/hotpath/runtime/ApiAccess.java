package io.hotpath.runtime;

import io.hotpath.CancellationToken;
import io.hotpath.Engine;
import io.hotpath.Reply;

/**
 * The one way the engine reaches the engine-side state of the API's own objects: a reply's {@link Exchange}, a
 * token's {@link Cancellation} and an engine's {@link EngineRuntime}. The API keeps that state in package-private
 * fields and installs an implementation of this class once, from the static initializers of {@link Reply},
 * {@link CancellationToken} and {@link Engine}; every path here starts from one of those objects, so the
 * installation has happened (class initialization orders it before any use of an instance). Thread safe.
 */
public abstract class ApiAccess
{
    private static ApiAccess installed;

    /**
     * Subclasses only: the API's own.
     */
    protected ApiAccess()
    {
    }

    /**
     * Install the API's implementation; a second call with another implementation fails.
     *
     * @param access the API's implementation.
     */
    public static synchronized void install(final ApiAccess access)
    {
        if (installed != null && installed.getClass() != access.getClass())
        {
            throw new IllegalStateException("the engine's API access is installed already");
        }
        installed = access;
    }

    /**
     * @param reply a reply.
     * @param <T>   its answer's type.
     * @return its exchange.
     */
    protected abstract <T> Exchange<T> exchangeOf(Reply<T> reply);

    /**
     * @param token a token.
     * @return its cancellation.
     */
    protected abstract Cancellation cancellationOf(CancellationToken token);

    /**
     * @param engine an engine.
     * @return its runtime.
     */
    protected abstract EngineRuntime runtimeOf(Engine engine);

    static EngineRuntime runtime(final Engine engine)
    {
        return installed.runtimeOf(engine);
    }

    static <T> Exchange<T> exchange(final Reply<T> reply)
    {
        return installed.exchangeOf(reply);
    }

    static Cancellation cancellation(final CancellationToken token)
    {
        return installed.cancellationOf(token);
    }
}
