package io.hotpath.release;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The {@code check} step of {@link ApiCheck}: for each library, the breaks of its exported API since the baseline
 * (japicmp's report, and packages no longer exported), judged against the CHANGELOG and the version. Stateless.
 */
final class ApiVerdict
{
    private ApiVerdict()
    {
    }

    static ApiCheck.Outcome check(final Arguments arguments)
    {
        final Baselines baselines = new Baselines(arguments.root().resolve("api"));
        final Version version = arguments.version();
        final Optional<Version> baseline = baselines.latestBefore(version);
        final List<String> names = arguments.libraries().stream().map(Arguments.Library::artifactId).toList();
        if (baseline.isEmpty())
        {
            return new ApiCheck.Outcome(List.of("API check: no baseline yet: " + baselines.dir() + " holds no " +
                "release before " + version + ", so there is nothing to compare " + String.join(", ", names) +
                " against; passed. ./hotpath release writes a release's baseline into api/<version>/."), null);
        }
        final Changelog changelog = Changelog.read(arguments.root().resolve("CHANGELOG.md"));
        final String nextRelease = changelog.nextRelease(version);
        final List<String> lines = new ArrayList<>();
        final List<String> failures = new ArrayList<>();
        for (final Arguments.Library library : arguments.libraries())
        {
            judge(arguments, library, baseline.get(), baselines.jar(baseline.get(), library.artifactId()),
                nextRelease, lines, failures);
        }
        if (failures.isEmpty())
        {
            return new ApiCheck.Outcome(lines, null);
        }
        lines.add("API check FAILED: " + String.join("; ", failures) + ".");
        lines.add("  Either undo each break, or name it in " + changelog.file() + " under " + Changelog.UNRELEASED +
            " (a member as Type.member, a constructor as Type(, a type or a package by its name) with a line on how " +
            "to move; and break the API only in a release that may: while the major version is 0 a minor release " +
            "(0.1 to 0.2), never a patch release; from 1.0 on a major release.");
        return new ApiCheck.Outcome(lines, "the API check failed: " + String.join("; ", failures) +
            " (the lines above say which breaks and how to fix them)");
    }

    private static void judge(final Arguments arguments, final Arguments.Library library, final Version baseline,
        final Path baselineJar, final String nextRelease, final List<String> lines, final List<String> failures)
    {
        final String name = library.artifactId() + " " + arguments.version();
        if (!Files.isRegularFile(baselineJar))
        {
            lines.add("API check: " + name + ": no baseline in " + baselineJar.getParent() + " (new since " +
                baseline + "); nothing to compare");
            return;
        }
        final ModuleApi before = ModuleApi.of(baselineJar);
        final ModuleApi now = ModuleApi.of(library.jar());
        final List<ApiBreak> breaks = new ArrayList<>();
        for (final String gone : new TreeSet<>(before.packages()))
        {
            if (!now.packages().contains(gone))
            {
                breaks.add(new ApiBreak(gone, ApiBreak.Kind.PACKAGE, "", false, Set.of("PACKAGE_NOT_EXPORTED"),
                    true, true));
            }
        }
        final ApiReport report = ApiReport.read(arguments.report(library));
        final String copy = library.artifactId() + ".jar";
        final String jar = library.jar().getFileName().toString();
        if (!fileName(report.oldJar()).equals(copy) || !fileName(report.newJar()).equals(jar))
        {
            failures.add(report.file() + " compares " + report.oldJar() + " with " + report.newJar() + ", not the " +
                "baseline's copy " + copy + " with " + jar + ": the execution api-" + library.artifactId() +
                " of japicmp-maven-plugin must compare those two");
            return;
        }
        breaks.addAll(report.breaks(before.packages()));
        final ApiBreaks grouped = new ApiBreaks(breaks);
        final List<ApiBreak> heads = grouped.heads();
        lines.add("API check: " + name + " against " + baseline + " (" + baselineJar + "; " + before.described() +
            ", packages " + String.join(", ", before.packages()) + "): " + (heads.isEmpty() ? "no break" :
            heads.size() + (heads.size() == 1 ? " break" : " breaks")));
        final List<ApiBreak> unnamed = heads.stream().filter(b -> !b.isNamedIn(nextRelease)).toList();
        for (final ApiBreak b : heads)
        {
            final int within = grouped.within(b);
            lines.add("  " + b.described() + (within == 0 ? "" : ", with " + within + " more within it") +
                (unnamed.contains(b) ? "  NOT NAMED in the CHANGELOG's next release: name it as " + b.nameToList() :
                "  named in the CHANGELOG"));
        }
        if (!unnamed.isEmpty())
        {
            failures.add(library.artifactId() + " has " + unnamed.size() + " break" + (unnamed.size() == 1 ? "" :
                "s") + " of its API since " + baseline + " that the CHANGELOG's next release does not name");
        }
        if (!breaks.isEmpty() && !arguments.version().mayBreak(baseline))
        {
            final Version needed = baseline.major() == 0 ? baseline.nextMinor() : baseline.nextMajor();
            failures.add(library.artifactId() + " breaks its API since " + baseline + ", but " +
                arguments.version().release() + " may not (a " + (baseline.major() == 0 ? "patch" : "minor or " +
                "patch") + " release never changes the API): undo the breaks, or make the version " + needed);
        }
        else if (!breaks.isEmpty() && unnamed.isEmpty())
        {
            lines.add("  allowed: each is named, and " + arguments.version().release() + " may break the API of " +
                baseline);
        }
    }

    /** japicmp's reproducible report names each jar by its file name alone. */
    private static String fileName(final String path)
    {
        return Path.of(path).getFileName().toString();
    }
}
