package io.hotpath.release;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@link ApiCheck}, checked once. Immutable, so thread safe.
 *
 * @param command   {@code baseline} or {@code check}.
 * @param root      the checkout's root, where {@code api/} and {@code CHANGELOG.md} are.
 * @param version   the version being built.
 * @param copies    where japicmp reads each library's baseline.
 * @param reports   where japicmp writes its reports.
 * @param libraries the libraries' jars as built.
 */
record Arguments(String command, Path root, Version version, Path copies, Path reports, List<Library> libraries)
{
    private static final String USAGE = "usage: ApiCheck baseline|check --root DIR --version VERSION --copies DIR " +
        "--reports DIR LIBRARY_JAR... (the step's word may stand anywhere)";

    /**
     * A library to check.
     *
     * @param artifactId its artifact, e.g. {@code hotpath-engine}.
     * @param jar        its jar as built.
     */
    record Library(String artifactId, Path jar)
    {
    }

    static Arguments parse(final String... args)
    {
        String command = null;
        String root = null;
        String version = null;
        String copies = null;
        String reports = null;
        final List<String> jars = new ArrayList<>();
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            if (arg.startsWith("--") && i + 1 == args.length)
            {
                throw new IllegalArgumentException(arg + " needs a value; " + USAGE);
            }
            switch (arg)
            {
                case "--root" -> root = args[++i];
                case "--version" -> version = args[++i];
                case "--copies" -> copies = args[++i];
                case "--reports" -> reports = args[++i];
                case "baseline", "check" -> command = arg;
                default ->
                {
                    if (arg.startsWith("--"))
                    {
                        throw new IllegalArgumentException("unknown option " + arg + "; " + USAGE);
                    }
                    jars.add(arg);
                }
            }
        }
        if (command == null || root == null || version == null || copies == null || reports == null || jars.isEmpty())
        {
            throw new IllegalArgumentException("missing arguments; " + USAGE);
        }
        final Version parsed = Version.parse(version);
        final List<Library> libraries = jars.stream().map(jar -> library(Path.of(jar), parsed)).toList();
        return new Arguments(command, Path.of(root).toAbsolutePath().normalize(), parsed, Path.of(copies),
            Path.of(reports), libraries);
    }

    /** {@return where japicmp writes the XML report of a library: its execution is named api-ARTIFACT_ID} */
    Path report(final Library library)
    {
        return reports.resolve("api-" + library.artifactId() + ".xml");
    }

    private static Library library(final Path jar, final Version version)
    {
        final String name = jar.getFileName().toString();
        final String suffix = "-" + version + ".jar";
        if (!name.endsWith(suffix) || name.length() == suffix.length())
        {
            throw new IllegalArgumentException(jar + " is not a library's jar of version " + version +
                " (ARTIFACT_ID" + suffix + ")");
        }
        return new Library(name.substring(0, name.length() - suffix.length()), jar);
    }
}
