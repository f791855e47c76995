package io.hotpath.runtime;

import io.hotpath.Engine;
import io.hotpath.spi.EngineHooks;
import io.hotpath.spi.HooksProvider;

/**
 * The engine's {@link HooksProvider}: public only so that {@link java.util.ServiceLoader} can make it (this package is
 * not exported). Thread safe.
 */
public final class HooksFactory implements HooksProvider
{
    /**
     * For {@link java.util.ServiceLoader}.
     */
    public HooksFactory()
    {
    }

    @Override
    public EngineHooks hooksOf(final Engine engine)
    {
        return ApiAccess.runtime(engine).hooks;
    }
}
