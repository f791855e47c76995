package io.hotpath.spi;

import io.hotpath.Engine;
import io.hotpath.scheduling.EngineCore;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;

/**
 * Finds the hooks of an engine. Stateless, thread safe.
 */
final class EngineHooksFactory
{
    private static final MethodHandle CORE;

    static
    {
        try
        {
            CORE = MethodHandles.privateLookupIn(Engine.class, MethodHandles.lookup())
                .findGetter(Engine.class, "core", EngineCore.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private EngineHooksFactory()
    {
    }

    static EngineHooks of(final Engine engine)
    {
        try
        {
            return ((EngineCore)CORE.invokeExact(java.util.Objects.requireNonNull(engine, "engine"))).foreignHooks();
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
