package io.hotpath.spi;

import io.hotpath.Engine;

/**
 * Where {@link EngineHooks#of} finds an engine's hooks: implemented by the engine itself and found with
 * {@link java.util.ServiceLoader} (declared in the engine's module-info and in its {@code META-INF/services}), so
 * this package names nothing of the engine's internals. Not for applications. Thread safe.
 */
public interface HooksProvider
{
    /**
     * {@return the hooks of that engine}
     *
     * @param engine a running engine.
     */
    EngineHooks hooksOf(Engine engine);
}
