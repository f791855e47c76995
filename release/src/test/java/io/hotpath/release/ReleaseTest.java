package io.hotpath.release;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The last step of ./hotpath release on bundles laid out as mvn deploy lays them out in a file repository.
 */
class ReleaseTest
{
    private static final String PARENT = """
        <project>
          <groupId>io.hotpath</groupId><artifactId>hotpath-parent</artifactId><version>%s</version>
          <packaging>pom</packaging><name>Hotpath</name><description>the parent</description>
          <url>https://hotpath.example.org</url>
          <licenses><license><name>Apache-2.0</name></license></licenses>
          <developers><developer><name>The Hotpath authors</name></developer></developers>
          <scm><url>https://hotpath.example.org/hotpath</url></scm>
        </project>
        """;
    private static final String LIBRARY = """
        <project>
          <parent><groupId>io.hotpath</groupId><artifactId>hotpath-parent</artifactId><version>%s</version></parent>
          <artifactId>hotpath-fixture</artifactId><name>Fixture</name><description>a library</description>
        </project>
        """;

    @TempDir
    Path root;

    /** What the last run of the release step printed. */
    private String printed = "";

    @Test
    void aCompleteSnapshotBundleGetsItsApiWrittenOutsideApiAndNothingToCommit() throws Exception
    {
        final Path staging = bundle("0.3.0-SNAPSHOT", "0.3.0-20261128.120000-1", true);
        final String printed = release("0.3.0-SNAPSHOT", staging);
        assertThat(printed).contains("Release bundle of 0.3.0-SNAPSHOT", "io.hotpath:hotpath-fixture:0.3.0-SNAPSHOT: " +
            "jar, -sources, -javadoc, POM; MD5 and SHA-1 of each", "io.hotpath:hotpath-parent:0.3.0-SNAPSHOT: POM; " +
            "MD5 and SHA-1 of each", "A snapshot is no release: nothing to commit");
        assertThat(root.resolve("target/api-snapshot/0.3.0-SNAPSHOT/hotpath-fixture-0.3.0-SNAPSHOT.jar"))
            .isRegularFile();
        assertThat(root.resolve("api")).doesNotExist();
    }

    @Test
    void aReleaseWritesItsBaselineIntoApiAndSaysWhatToCommit() throws Exception
    {
        final Path staging = bundle("0.1.0", "0.1.0", true);
        Files.writeString(root.resolve("CHANGELOG.md"), "# Changelog\n\n## [Unreleased]\n\n## [0.1.0] - 2026-11-28\n" +
            "\n- first\n");
        Files.writeString(root.resolve("README.md"), "<artifactId>hotpath-engine</artifactId>\n    <version>0.1.0" +
            "</version>\nimplementation(\"io.hotpath:hotpath-testkit:0.1.0\")\n");
        final String printed = release("0.1.0", staging);
        assertThat(root.resolve("api/0.1.0/hotpath-fixture-0.1.0.jar")).isRegularFile();
        assertThat(printed).contains("API baseline: api/0.1.0/hotpath-fixture-0.1.0.jar (5 classes of [fixture.api, " +
            "fixture.extra])", "git add api/0.1.0 && git commit", "git tag -a v0.1.0", "0.2.0-SNAPSHOT");
    }

    @Test
    void aReleaseWithoutItsChangelogSectionOrWithSnapshotsInTheReadmeIsRefused() throws Exception
    {
        final Path staging = bundle("0.1.0", "0.1.0", true);
        Files.writeString(root.resolve("CHANGELOG.md"), "# Changelog\n\n## [Unreleased]\n\n- first\n");
        Files.writeString(root.resolve("README.md"), "implementation 'io.hotpath:hotpath-engine:0.1.0-SNAPSHOT'\n");
        assertThatThrownBy(() -> release("0.1.0", staging)).hasMessageContaining("is not ready: 2 problems");
        assertThat(printed).contains("CHANGELOG.md has no section ## [0.1.0] with the release's changes: rename " +
            "## [Unreleased] to ## [0.1.0] - YYYY-MM-DD", "README.md's dependency snippets name [0.1.0-SNAPSHOT]: " +
            "set them to 0.1.0");
        assertThat(root.resolve("api")).doesNotExist();
    }

    @Test
    void anIncompleteBundleIsRefusedNamingEveryMissingOrWrongFile() throws Exception
    {
        final Path staging = bundle("0.3.0-SNAPSHOT", "0.3.0-SNAPSHOT", false);
        final Path jar = staging.resolve("io/hotpath/hotpath-fixture/0.3.0-SNAPSHOT")
            .resolve("hotpath-fixture-0.3.0-SNAPSHOT.jar");
        Files.writeString(jar.resolveSibling(jar.getFileName() + ".sha1"), "0000");
        assertThatThrownBy(() -> release("0.3.0-SNAPSHOT", staging)).hasMessageContaining("is not ready");
        assertThat(printed).contains("hotpath-fixture: no hotpath-fixture-0.3.0-SNAPSHOT-javadoc.jar in",
            "hotpath-fixture-0.3.0-SNAPSHOT.jar.sha1 says 0000 but the file's SHA-1 is");
    }

    @Test
    void aLibraryTheApiCheckDoesNotCoverIsRefused() throws Exception
    {
        final Path staging = bundle("0.3.0-SNAPSHOT", "0.3.0-SNAPSHOT", true);
        Files.delete(root.resolve("reports/api-hotpath-fixture.xml"));
        assertThatThrownBy(() -> release("0.3.0-SNAPSHOT", staging)).hasMessageContaining("is not ready");
        assertThat(printed).contains("hotpath-fixture is deployed but the API check does not cover it");
    }

    private String release(final String version, final Path staging)
    {
        final PrintStream stdout = System.out;
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try
        {
            Release.main(new String[] {"--root", root.toString(), "--version", version, "--staging",
                staging.toString(), "--reports", root.resolve("reports").toString()});
        }
        finally
        {
            System.setOut(stdout);
            printed = out.toString(StandardCharsets.UTF_8);
        }
        return printed;
    }

    /** A file repository as mvn deploy fills it: the parent POM and one library, each file with its checksums. */
    private Path bundle(final String version, final String fileVersion, final boolean javadoc) throws Exception
    {
        final Path staging = root.resolve("target/staging");
        final Path parent = Files.createDirectories(staging.resolve("io/hotpath/hotpath-parent/" + version));
        withSums(Files.writeString(parent.resolve("hotpath-parent-" + fileVersion + ".pom"),
            PARENT.formatted(version)));
        final Path dir = Files.createDirectories(staging.resolve("io/hotpath/hotpath-fixture/" + version));
        final String stem = "hotpath-fixture-" + fileVersion;
        withSums(Files.writeString(dir.resolve(stem + ".pom"), LIBRARY.formatted(version)));
        withSums(Fixtures.jar(Fixtures.BEFORE, dir.resolve(stem + ".jar")));
        withSums(jarOf(dir.resolve(stem + "-sources.jar"), "fixture/api/Greeter.java"));
        if (javadoc)
        {
            withSums(jarOf(dir.resolve(stem + "-javadoc.jar"), "index.html"));
        }
        Files.createDirectories(root.resolve("reports"));
        Files.writeString(root.resolve("reports/api-hotpath-fixture.xml"), "<japicmp/>");
        return staging;
    }

    private static Path jarOf(final Path jar, final String entry) throws IOException
    {
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)))
        {
            out.putNextEntry(new JarEntry(entry));
            out.write("x".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    private static void withSums(final Path file) throws IOException, NoSuchAlgorithmException
    {
        for (final Map.Entry<String, String> sum : Map.of("MD5", ".md5", "SHA-1", ".sha1").entrySet())
        {
            Files.writeString(file.resolveSibling(file.getFileName() + sum.getValue()), HexFormat.of()
                .formatHex(MessageDigest.getInstance(sum.getKey()).digest(Files.readAllBytes(file))));
        }
    }
}
