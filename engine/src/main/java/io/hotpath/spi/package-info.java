/**
 * What modules that extend an engine may use beyond the public API: an engine's {@link io.hotpath.spi.EngineHooks}
 * (found through the engine's {@link io.hotpath.spi.HooksProvider}) and the {@link io.hotpath.spi.ForeignRef} an actor
 * outside the engine implements. On the module path this package
 * is exported to {@code io.hotpath.remote} only; applications use {@code io.hotpath}.
 * <p>
 * Rules: every hook is thread safe; a reply made by a hook is completed once, from any thread, and its answer is
 * delivered to the caller the way a local answer is.
 */
package io.hotpath.spi;
