package io.hotpath.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The API compatibility check of {@code ./hotpath test}, in two steps around japicmp-maven-plugin (release/pom.xml):
 * {@code baseline} copies each library's baseline from the newest release in {@code api/} before this version to
 * where japicmp reads it (an empty jar where there is none), and {@code check} reads japicmp's reports. A break of a
 * library's exported API fails the build unless the CHANGELOG's next release names it and the version may break the
 * API (while 0.x, a minor release may, a patch release may not; from 1.0 on only a major release may). With no
 * baseline yet it says so and passes.
 * <p>
 * {@code ApiCheck baseline|check --root DIR --version V --copies DIR --reports DIR JAR...}, where each JAR is a
 * library's jar as built ({@code engine/target/hotpath-engine-V.jar}), the copies are japicmp's old versions
 * ({@code <artifactId>.jar}) and the reports its XML ({@code api-<artifactId>.xml}). Main thread only.
 */
public final class ApiCheck
{
    private ApiCheck()
    {
    }

    /**
     * @param args as in the class comment.
     * @throws IllegalStateException when the check fails, saying why and how to fix it (it prints the details first).
     * @throws IllegalArgumentException when the arguments are wrong.
     */
    public static void main(final String[] args)
    {
        final Outcome outcome = run(args);
        outcome.lines().forEach(System.out::println);
        if (!outcome.passed())
        {
            throw new IllegalStateException(outcome.failure());
        }
    }

    /**
     * @param args as in the class comment.
     * @return what the step found.
     */
    public static Outcome run(final String... args)
    {
        final Arguments arguments = Arguments.parse(args);
        return arguments.command().equals("baseline") ? copyBaselines(arguments) : ApiVerdict.check(arguments);
    }

    private static Outcome copyBaselines(final Arguments arguments)
    {
        final Baselines baselines = new Baselines(arguments.root().resolve("api"));
        final Optional<Version> release = baselines.latestBefore(arguments.version());
        final List<String> lines = new ArrayList<>();
        try
        {
            Files.createDirectories(arguments.copies());
            for (final Arguments.Library library : arguments.libraries())
            {
                final Path copy = arguments.copies().resolve(library.artifactId() + ".jar");
                Files.deleteIfExists(copy);
                Files.deleteIfExists(arguments.report(library));
                final Path baseline = release.map(r -> baselines.jar(r, library.artifactId())).orElse(null);
                if (baseline != null && Files.isRegularFile(baseline))
                {
                    Files.copy(baseline, copy, StandardCopyOption.REPLACE_EXISTING);
                    lines.add("API baseline of " + library.artifactId() + ": " +
                        arguments.root().relativize(baseline));
                }
                else
                {
                    emptyJar(copy);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot copy the API baselines to " + arguments.copies() + ": " +
                ex.getMessage(), ex);
        }
        if (lines.isEmpty())
        {
            lines.add("API baseline: none before " + arguments.version() + " in " + baselines.dir() +
                "; the check will say so and pass");
        }
        return new Outcome(lines, null);
    }

    /** japicmp needs an old version to read: where a library has no baseline, an empty jar stands in for it. */
    private static void emptyJar(final Path jar) throws IOException
    {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), new Manifest()))
        {
            out.flush();
        }
    }

    /**
     * What a step found: its report, and why it failed if it did.
     *
     * @param lines   the report, to print.
     * @param failure why the check fails and what to do, or null when it passed.
     */
    public record Outcome(List<String> lines, String failure)
    {
        /** Copies the lines. */
        public Outcome
        {
            lines = List.copyOf(lines);
        }

        /** {@return whether the step passed} */
        public boolean passed()
        {
            return failure == null;
        }

        /** {@return the report as one text} */
        public String text()
        {
            return String.join("\n", lines);
        }
    }
}
