/**
 * The engine's service provider interface, for modules that extend it (remote actors): the hooks they need that
 * the public API does not give, {@link io.hotpath.spi.EngineHooks}, and the kind of address they implement,
 * {@link io.hotpath.spi.ForeignRef}. Not for applications. Everything here is thread safe.
 */
package io.hotpath.spi;
