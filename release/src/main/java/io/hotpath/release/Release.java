package io.hotpath.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The last step of {@code ./hotpath release}, after {@code mvn deploy} has put the bundle into a file repository:
 * checks the bundle ({@link StagedBundle}), checks that every library in it went through the API check and, for a
 * release, that the CHANGELOG has the release's section and the README's snippets name it; then writes each
 * library's API baseline into {@code api/<version>/} (a snapshot's into {@code target/api-snapshot/}, since only a
 * release is a baseline) and says what to commit.
 * <p>
 * {@code Release --root DIR --version VERSION --staging DIR --reports DIR}. Main thread only.
 */
public final class Release
{
    private static final String GROUP_ID = "io.hotpath";
    private static final Pattern README_VERSION = Pattern.compile("io\\.hotpath:hotpath-[a-z-]+:([^'\"\\s)]+)|" +
        "<artifactId>hotpath-[a-z-]+</artifactId>\\s*<version>([^<]+)</version>");

    private Release()
    {
    }

    /**
     * @param args as in the class comment.
     * @throws IllegalStateException listing what is wrong with the release, after printing it.
     */
    public static void main(final String[] args)
    {
        if (args.length != 8 || !args[0].equals("--root") || !args[2].equals("--version") ||
            !args[4].equals("--staging") || !args[6].equals("--reports"))
        {
            throw new IllegalArgumentException("usage: Release --root DIR --version VERSION --staging DIR " +
                "--reports DIR");
        }
        final Path root = Path.of(args[1]).toAbsolutePath().normalize();
        final Version version = Version.parse(args[3]);
        final Path staging = Path.of(args[5]).toAbsolutePath().normalize();
        final List<String> problems = new ArrayList<>();
        final StagedBundle bundle = StagedBundle.check(staging, GROUP_ID, version);
        problems.addAll(bundle.problems());
        final List<StagedBundle.Artifact> libraries = bundle.artifacts().values().stream()
            .filter(a -> a.packaging().equals("jar")).sorted((a, b) -> a.artifactId().compareTo(b.artifactId()))
            .toList();
        problems.addAll(apiChecked(libraries, Path.of(args[7])));
        if (!version.snapshot())
        {
            problems.addAll(releaseNotes(root, version));
        }
        if (!problems.isEmpty())
        {
            problems.forEach(p -> System.out.println("  " + p));
            throw new IllegalStateException("the release bundle of " + version + " in " + staging + " is not ready: " +
                problems.size() + " problem" + (problems.size() == 1 ? "" : "s") + " (listed above)");
        }
        final Path baselineDir = version.snapshot() ? root.resolve("target/api-snapshot").resolve(version.toString()) :
            new Baselines(root.resolve("api")).folder(version);
        System.out.println("Release bundle of " + version + ": " + staging);
        bundle.artifacts().values().forEach(a -> System.out.println("  " + GROUP_ID + ":" + a.artifactId() + ":" +
            version + (a.packaging().equals("jar") ? ": jar, -sources, -javadoc, POM" : ": POM") + "; MD5 and SHA-1 " +
            "of each"));
        for (final StagedBundle.Artifact library : libraries)
        {
            final Path to = baselineDir.resolve(library.artifactId() + "-" + version + ".jar");
            final int classes = Baselines.write(library.jar(), to);
            System.out.println("API baseline: " + root.relativize(to) + " (" + classes + " classes of " +
                ModuleApi.of(library.jar()).packages() + ")");
        }
        System.out.println(version.snapshot() ? nextStepsForSnapshot(root, baselineDir) :
            nextStepsForRelease(root, version, baselineDir));
    }

    /** Every library deployed went through the API check, and the check covers no library that was not deployed. */
    private static List<String> apiChecked(final List<StagedBundle.Artifact> libraries, final Path reports)
    {
        final List<String> problems = new ArrayList<>();
        final Set<String> checked = new TreeSet<>();
        try (Stream<Path> files = Files.isDirectory(reports) ? Files.list(reports) : Stream.empty())
        {
            files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("api-") && n.endsWith(".xml"))
                .forEach(n -> checked.add(n.substring("api-".length(), n.length() - ".xml".length())));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + reports + ": " + ex.getMessage(), ex);
        }
        for (final StagedBundle.Artifact library : libraries)
        {
            if (!checked.remove(library.artifactId()))
            {
                problems.add(library.artifactId() + " is deployed but the API check does not cover it: add it to " +
                    "release/pom.xml (a dependency, an execution api-" + library.artifactId() + " of japicmp and " +
                    "its jar among the check's arguments)");
            }
        }
        checked.forEach(a -> problems.add(a + " is API-checked but was not deployed: a library's pom must not " +
            "skip deploy"));
        return problems;
    }

    private static List<String> releaseNotes(final Path root, final Version version)
    {
        final List<String> problems = new ArrayList<>();
        final Changelog changelog = Changelog.read(root.resolve("CHANGELOG.md"));
        if (changelog.section(Changelog.heading(version)).stream().allMatch(String::isBlank))
        {
            problems.add("CHANGELOG.md has no section " + Changelog.heading(version) + " with the release's " +
                "changes: rename " + Changelog.UNRELEASED + " to " + Changelog.heading(version) + " - YYYY-MM-DD " +
                "and start a new, empty " + Changelog.UNRELEASED + " above it");
        }
        try
        {
            final Matcher m = README_VERSION.matcher(Files.readString(root.resolve("README.md")));
            final Set<String> named = new TreeSet<>();
            while (m.find())
            {
                named.add(m.group(1) != null ? m.group(1) : m.group(2));
            }
            if (!named.equals(Set.of(version.toString())))
            {
                problems.add("README.md's dependency snippets name " + (named.isEmpty() ? "no version" : named) +
                    ": set them to " + version + ", the version users should depend on");
            }
        }
        catch (final IOException ex)
        {
            problems.add("cannot read README.md: " + ex.getMessage());
        }
        return problems;
    }

    private static String nextStepsForRelease(final Path root, final Version version, final Path baselineDir)
    {
        final Path api = root.relativize(baselineDir);
        return "\nNext:\n" +
            "  1. commit the API baseline:  git add " + api + " && git commit -m \"API baseline of " + version +
            "\"\n" +
            "  2. tag the release:          git tag -a v" + version + " -m \"Hotpath " + version + "\"\n" +
            "  3. sign every file of the bundle (gpg --armor --detach-sign) and upload it to the staging " +
            "repository; nothing here signs or uploads\n" +
            "  4. set the next development version in every pom (" + version.nextMinor() + "-SNAPSHOT) and commit " +
            "it; CHANGELOG.md keeps an empty " + Changelog.UNRELEASED + " on top";
    }

    private static String nextStepsForSnapshot(final Path root, final Path baselineDir)
    {
        return "\nA snapshot is no release: nothing to commit. Its API was written to " + root.relativize(baselineDir) +
            " to look at; api/ takes a release's API only (set a release version and run ./hotpath release).";
    }
}
