package io.hotpath.release;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * The API of a library's jar: the packages its module exports to every module (a qualified export, such as the
 * engine's hooks for remote actors, is no API). A jar without a module descriptor is an automatic module, which
 * exports every package it has. Immutable, so thread safe.
 *
 * @param module   the module's name, or null for a jar without a descriptor.
 * @param packages the exported packages.
 */
public record ModuleApi(String module, Set<String> packages)
{
    /** The descriptor's entry in a modular jar. */
    public static final String DESCRIPTOR = "module-info.class";

    /** Copies the packages, in order. */
    public ModuleApi
    {
        packages = Collections.unmodifiableSortedSet(new TreeSet<>(packages));
    }

    /**
     * @param jar a library's jar.
     * @return its exported packages.
     * @throws UncheckedIOException when the jar cannot be read.
     */
    public static ModuleApi of(final Path jar)
    {
        try (JarFile file = new JarFile(jar.toFile()))
        {
            final JarEntry descriptor = file.getJarEntry(DESCRIPTOR);
            if (descriptor == null)
            {
                final Set<String> packages = new TreeSet<>();
                file.stream().map(JarEntry::getName)
                    .filter(name -> name.endsWith(".class") && name.contains("/") && !name.startsWith("META-INF/"))
                    .forEach(name -> packages.add(name.substring(0, name.lastIndexOf('/')).replace('/', '.')));
                return new ModuleApi(null, packages);
            }
            try (InputStream in = file.getInputStream(descriptor))
            {
                final ModuleDescriptor module = ModuleDescriptor.read(in);
                final Set<String> packages = new TreeSet<>();
                module.exports().stream().filter(export -> !export.isQualified())
                    .forEach(export -> packages.add(export.source()));
                return new ModuleApi(module.name(), packages);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the jar " + jar + ": " + ex.getMessage(), ex);
        }
    }

    /** {@return the module's name, or a note that the jar is an automatic module} */
    public String described()
    {
        return module == null ? "no module descriptor: every package is API" : "module " + module;
    }
}
