package io.hotpath.spi;

import java.util.ServiceLoader;

/**
 * The engine's {@link HooksProvider}, looked up once, when an extension first asks for an engine's hooks.
 */
final class ProvidedHooks
{
    static final HooksProvider PROVIDER = ServiceLoader.load(HooksProvider.class, HooksProvider.class.getClassLoader())
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no " + HooksProvider.class.getName() + " found: the engine's " +
            "jar (hotpath-engine) declares one; put the whole jar on the class path or the module path"));

    private ProvidedHooks()
    {
    }
}
