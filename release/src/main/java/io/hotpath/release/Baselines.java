package io.hotpath.release;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The API baselines, committed in {@code api/}: one folder per release ({@code api/0.1.0/}) holding each library's
 * exported API as a jar ({@code hotpath-engine-0.1.0.jar}): its module descriptor, the classes of its exported
 * packages and its licence files. The API check compares a build with the newest release before it. NOT thread safe
 * for writing; reading is.
 */
public final class Baselines
{
    /** Entries of a written jar carry this time, so that writing the same API twice gives the same bytes. */
    private static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

    private final Path dir;

    /** @param dir the folder of baselines, {@code api/} at the root of the checkout. */
    public Baselines(final Path dir)
    {
        this.dir = dir;
    }

    /** {@return the folder of baselines} */
    public Path dir()
    {
        return dir;
    }

    /**
     * @param version the version being built.
     * @return the newest release with a baseline that comes before it, if any.
     * @throws IllegalStateException when a folder in api/ is not named as a release.
     */
    public Optional<Version> latestBefore(final Version version)
    {
        if (!Files.isDirectory(dir))
        {
            return Optional.empty();
        }
        final List<Version> releases = new ArrayList<>();
        try (Stream<Path> folders = Files.list(dir))
        {
            for (final Path folder : folders.filter(Files::isDirectory).toList())
            {
                final Version release = parseFolder(folder);
                if (release.compareTo(version.release()) < 0)
                {
                    releases.add(release);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + dir + ": " + ex.getMessage(), ex);
        }
        return releases.stream().max(Version::compareTo);
    }

    private static Version parseFolder(final Path folder)
    {
        final String name = folder.getFileName().toString();
        try
        {
            final Version release = Version.parse(name);
            if (!release.snapshot())
            {
                return release;
            }
        }
        catch (final IllegalArgumentException ex)
        {
            // reported below, with what the folder should be
        }
        throw new IllegalStateException(folder + " is not a release's baseline: api/ holds one folder per " +
            "release, named as its version (e.g. api/0.1.0), written by ./hotpath release; move it away");
    }

    /**
     * @param release    a release.
     * @param artifactId a library, e.g. {@code hotpath-engine}.
     * @return where its baseline jar is, whether or not it exists.
     */
    public Path jar(final Version release, final String artifactId)
    {
        return folder(release).resolve(artifactId + "-" + release + ".jar");
    }

    /**
     * @param release a release.
     * @return the folder of its baseline, {@code api/VERSION}, whether or not it exists.
     */
    public Path folder(final Version release)
    {
        return dir.resolve(release.toString());
    }

    /**
     * Write a library's API as a baseline jar: its module descriptor, the classes of the packages it exports and
     * the files under META-INF but signatures; the manifest first, then the entries in name order, all with one
     * time.
     *
     * @param libraryJar the library's jar.
     * @param to         the baseline jar to write, replaced if it exists.
     * @return how many classes it holds, besides the descriptor.
     * @throws UncheckedIOException when a jar cannot be read or written.
     */
    public static int write(final Path libraryJar, final Path to)
    {
        final ModuleApi api = ModuleApi.of(libraryJar);
        int classes = 0;
        try (JarFile from = new JarFile(libraryJar.toFile()))
        {
            final List<JarEntry> kept = from.stream().filter(entry -> !entry.isDirectory() && keep(entry, api))
                .sorted(Comparator.comparing((JarEntry entry) -> !entry.getName().equals(JarFile.MANIFEST_NAME))
                    .thenComparing(JarEntry::getName)).toList();
            Files.createDirectories(to.toAbsolutePath().getParent());
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to)))
            {
                for (final JarEntry entry : kept)
                {
                    final JarEntry copy = new JarEntry(entry.getName());
                    copy.setTimeLocal(ENTRY_TIME);
                    out.putNextEntry(copy);
                    try (InputStream in = from.getInputStream(entry))
                    {
                        in.transferTo(out);
                    }
                    out.closeEntry();
                    classes += entry.getName().endsWith(".class") && !entry.getName().equals(ModuleApi.DESCRIPTOR) ?
                        1 : 0;
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot write the API of " + libraryJar + " to " + to + ": " +
                ex.getMessage(), ex);
        }
        return classes;
    }

    private static boolean keep(final JarEntry entry, final ModuleApi api)
    {
        final String name = entry.getName();
        if (name.startsWith("META-INF/"))
        {
            return !name.endsWith(".SF") && !name.endsWith(".RSA") && !name.endsWith(".DSA") &&
                !name.startsWith("META-INF/versions/") && !name.startsWith("META-INF/maven/");
        }
        if (name.equals(ModuleApi.DESCRIPTOR))
        {
            return true;
        }
        final int slash = name.lastIndexOf('/');
        return name.endsWith(".class") && slash > 0 && api.packages().contains(name.substring(0, slash)
            .replace('/', '.'));
    }
}
