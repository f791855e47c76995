package io.hotpath;

import io.hotpath.runtime.ApiAccess;
import io.hotpath.runtime.Cancellation;
import io.hotpath.runtime.EngineRuntime;
import io.hotpath.runtime.Exchange;

/**
 * The API's side of {@link ApiAccess}: hands the engine a reply's exchange, a token's cancellation and an engine's
 * runtime, which the API keeps in package-private fields. Stateless; installed by {@link Reply},
 * {@link CancellationToken} and {@link Engine} as they load.
 */
final class EngineAccess extends ApiAccess
{
    static void install()
    {
        ApiAccess.install(new EngineAccess());
    }

    @Override
    protected <T> Exchange<T> exchangeOf(final Reply<T> reply)
    {
        return reply.exchange;
    }

    @Override
    protected EngineRuntime runtimeOf(final Engine engine)
    {
        return engine.runtime;
    }

    @Override
    protected Cancellation cancellationOf(final CancellationToken token)
    {
        return token.cancellation;
    }
}
