package io.hotpath.release;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChangelogTest
{
    private static final String TEXT = """
        # Changelog

        ## [Unreleased]

        - `A.b` gone.

        ## [0.2.0] - 2026-12-01

        - `C.d` gone.

        ## [0.1.0] - 2026-11-28

        - first.
        """;

    @Test
    void theNextReleaseIsTheUnreleasedSectionAndTheSectionOfTheReleaseBeingCut(@TempDir final Path dir)
        throws IOException
    {
        final Changelog changelog = Changelog.read(Files.writeString(dir.resolve("CHANGELOG.md"), TEXT));
        assertThat(changelog.nextRelease(Version.parse("0.3.0-SNAPSHOT"))).contains("`A.b` gone.")
            .doesNotContain("C.d", "first");
        assertThat(changelog.nextRelease(Version.parse("0.2.0"))).contains("`A.b` gone.", "`C.d` gone.")
            .doesNotContain("first");
        assertThat(changelog.has(Changelog.heading(Version.parse("0.1.0-SNAPSHOT")))).isTrue();
        assertThat(changelog.section("## [0.4.0]")).isEmpty();
    }

    @Test
    void aMissingChangelogSaysWhereItWasLookedForAndWhatItHolds(@TempDir final Path dir)
    {
        assertThatThrownBy(() -> Changelog.read(dir.resolve("CHANGELOG.md"))).isInstanceOf(UncheckedIOException.class)
            .hasMessageContaining("there is no " + dir.resolve("CHANGELOG.md")).hasMessageContaining("## [Unreleased]");
    }

    @Test
    void theProjectsChangelogHasAnUnreleasedSectionNamingTheBreaksOfTheIssue()
    {
        final Path root = Path.of(System.getProperty("hotpath.root", "..")).toAbsolutePath().normalize();
        final String next = Changelog.read(root.resolve("CHANGELOG.md")).nextRelease(Version.parse("0.1.0-SNAPSHOT"));
        assertThat(next).contains("AffinityProfile.loadResource", "EngineConfig.Builder.affinity(AffinityProfile)",
            "EngineConfig.Builder.clock(NanoClock)", "How to move");
    }
}
