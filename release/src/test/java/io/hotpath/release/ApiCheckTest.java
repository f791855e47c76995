package io.hotpath.release;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The API check end to end, as the build runs it: a library's baseline jar of release 0.1.0 in api/, built here
 * from a small fixture, and the library's next jar, which removes a method, adds one to an interface and stops
 * exporting a package; the check's baseline step, japicmp-maven-plugin with the parent POM's settings in a separate
 * Maven, and the check's verdict on the report. Two copies of the library: one whose next version is a minor
 * release (0.2.0-SNAPSHOT), one whose is a patch release (0.1.1-SNAPSHOT).
 */
class ApiCheckTest
{
    private static final String ARTIFACT = "hotpath-fixture";
    private static final String MINOR = "0.2.0-SNAPSHOT";
    private static final String PATCH = "0.1.1-SNAPSHOT";
    private static final String ALL_NAMED = """
        ## [Unreleased]

        ### Removed
        - `Greeter.bye()`. How to move: say goodbye yourself.
        - `Gone`, with its nested `Part`. How to move: stay.
        - The package `fixture.extra` is no longer exported. How to move: count to one yourself.

        ### Changed
        - `Sink#flush()` is new and abstract. How to move: implement it.

        ## [0.1.0] - 2026-11-28
        """;

    @TempDir
    static Path dir;

    @BeforeAll
    static void japicmpComparesEachLibraryWithItsBaselineInASeparateMaven() throws Exception
    {
        scenario("minor", MINOR, true);
        scenario("patch", PATCH, true);
        scenario("first", "0.1.0", false);
        Files.writeString(dir.resolve("pom.xml"), """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>io.hotpath</groupId>
                <artifactId>hotpath-parent</artifactId>
                <version>%s</version>
                <relativePath>%s</relativePath>
              </parent>
              <artifactId>hotpath-fixture-scenarios</artifactId>
              <packaging>pom</packaging>
              <modules>
                <module>minor</module>
                <module>patch</module>
                <module>first</module>
              </modules>
            </project>
            """.formatted(System.getProperty("hotpath.version"), dir.relativize(root().resolve("pom.xml"))));
        final String output = ChildMaven.run(dir.resolve("pom.xml"), "verify");
        assertThat(output).contains("japicmp-maven-plugin", "BUILD SUCCESS");
        assertThat(dir.resolve("minor/target/japicmp/api-" + ARTIFACT + ".xml"))
            .as("japicmp reports every change, the internal one too; the check picks the API's").content()
            .contains("fixture.internal.Helper", "fixture.api.Greeter");
        assertThat(dir.resolve("first/target/japicmp/api-" + ARTIFACT + ".xml"))
            .as("with no baseline, japicmp compares with an empty jar").content().contains("changeStatus=\"NEW\"");
    }

    @Test
    void aBreakTheChangelogDoesNotNameFailsTheCheckNamingIt() throws IOException
    {
        changelog("minor", """
            ## [Unreleased]

            ### Added
            - `Greeter.hello(String)` greets.
            """);
        final ApiCheck.Outcome outcome = check("minor", MINOR);
        assertThat(outcome.passed()).as(outcome.text()).isFalse();
        assertThat(outcome.text()).contains(
            "Greeter.bye(): METHOD_REMOVED (breaks binaries and sources)  NOT NAMED in the CHANGELOG's next " +
                "release: name it as Greeter.bye",
            "Sink.flush(): METHOD_ADDED_TO_INTERFACE", "name it as Sink.flush",
            "package fixture.extra (no longer exported)", "name it as fixture.extra",
            "Gone: CLASS_REMOVED, SUPERCLASS_REMOVED (breaks binaries and sources), with 5 more within it  NOT NAMED " +
                "in the CHANGELOG's next release: name it as Gone")
            .doesNotContain("Helper", "Greeter.hello(String): ", "Gone.Part: ", "Gone.go");
        assertThat(outcome.failure()).contains("hotpath-fixture has 4 breaks of its API since 0.1.0 that the " +
            "CHANGELOG's next release does not name");
    }

    @Test
    void breaksTheNextReleaseNamesPassOnAMinorRelease() throws IOException
    {
        changelog("minor", ALL_NAMED);
        final ApiCheck.Outcome outcome = check("minor", MINOR);
        assertThat(outcome.passed()).as(outcome.text()).isTrue();
        assertThat(outcome.text()).contains("4 breaks", "Greeter.bye(): METHOD_REMOVED (breaks binaries and " +
            "sources)  named in the CHANGELOG", "allowed: each is named, and 0.2.0 may break the API of 0.1.0");
    }

    @Test
    void aBreakNamedOnlyInAnOlderReleaseIsNotNamed() throws IOException
    {
        changelog("minor", ALL_NAMED.replace("## [Unreleased]", "## [Unreleased]\n\n## [0.0.9]"));
        final ApiCheck.Outcome outcome = check("minor", MINOR);
        assertThat(outcome.passed()).as(outcome.text()).isFalse();
        assertThat(outcome.text()).contains("name it as Greeter.bye");
    }

    @Test
    void aPatchReleaseMayNotBreakTheApiEvenWhenTheBreaksAreNamed() throws IOException
    {
        changelog("patch", ALL_NAMED);
        final ApiCheck.Outcome outcome = check("patch", PATCH);
        assertThat(outcome.passed()).as(outcome.text()).isFalse();
        assertThat(outcome.failure()).contains("hotpath-fixture breaks its API since 0.1.0, but 0.1.1 may not (a " +
            "patch release never changes the API): undo the breaks, or make the version 0.2.0");
    }

    @Test
    void withNoBaselineYetTheCheckSaysSoAndPasses()
    {
        final ApiCheck.Outcome outcome = check("first", "0.1.0");
        assertThat(outcome.passed()).isTrue();
        assertThat(outcome.text()).isEqualTo("API check: no baseline yet: " + dir.resolve("first/api") + " holds no " +
            "release before 0.1.0, so there is nothing to compare hotpath-fixture against; passed. ./hotpath release " +
            "writes a release's baseline into api/<version>/.");
    }

    /**
     * A copy of the library: its baseline of 0.1.0 in api/ (unless it has none), its next jar, and the project
     * whose japicmp execution compares them, after the check's baseline step has put the baseline where japicmp
     * reads it.
     */
    private static void scenario(final String name, final String version, final boolean released) throws IOException
    {
        final Path root = dir.resolve(name);
        if (released)
        {
            Fixtures.jar(Fixtures.BEFORE, root.resolve("api/0.1.0/" + ARTIFACT + "-0.1.0.jar"));
        }
        Fixtures.jar(Fixtures.AFTER, root.resolve("build/" + ARTIFACT + "-" + version + ".jar"));
        assertThat(ApiCheck.run(with("baseline", arguments(name, version))).text()).isEqualTo(released ?
            "API baseline of hotpath-fixture: api/0.1.0/hotpath-fixture-0.1.0.jar" :
            "API baseline: none before 0.1.0 in " + root.resolve("api") + "; the check will say so and pass");
        Files.writeString(root.resolve("pom.xml"), """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <parent>
                <groupId>io.hotpath</groupId>
                <artifactId>hotpath-fixture-scenarios</artifactId>
                <version>%s</version>
              </parent>
              <artifactId>hotpath-fixture-%s</artifactId>
              <packaging>pom</packaging>
              <build>
                <plugins>
                  <plugin>
                    <groupId>com.github.siom79.japicmp</groupId>
                    <artifactId>japicmp-maven-plugin</artifactId>
                    <executions>
                      <execution>
                        <id>api-hotpath-fixture</id>
                        <phase>verify</phase>
                        <goals><goal>cmp</goal></goals>
                        <configuration>
                          <oldVersion>
                            <file><path>${project.basedir}/target/api-baseline/hotpath-fixture.jar</path></file>
                          </oldVersion>
                          <newVersion>
                            <file><path>${project.basedir}/build/hotpath-fixture-%s.jar</path></file>
                          </newVersion>
                          <parameter><skipPomModules>false</skipPomModules></parameter>
                        </configuration>
                      </execution>
                    </executions>
                  </plugin>
                </plugins>
              </build>
            </project>
            """.formatted(System.getProperty("hotpath.version"), name, version));
    }

    private static ApiCheck.Outcome check(final String name, final String version)
    {
        return ApiCheck.run(with("check", arguments(name, version)));
    }

    private static String[] arguments(final String name, final String version)
    {
        final Path root = dir.resolve(name);
        return new String[] {"--root", root.toString(), "--version", version, "--copies",
            root.resolve("target/api-baseline").toString(), "--reports", root.resolve("target/japicmp").toString(),
            root.resolve("build/" + ARTIFACT + "-" + version + ".jar").toString()};
    }

    private static String[] with(final String step, final String[] arguments)
    {
        final String[] all = new String[arguments.length + 1];
        all[0] = step;
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        return all;
    }

    private static void changelog(final String name, final String text) throws IOException
    {
        Files.writeString(dir.resolve(name).resolve("CHANGELOG.md"), "# Changelog\n\n" + text);
    }

    private static Path root()
    {
        return Path.of(System.getProperty("hotpath.root", "..")).toAbsolutePath().normalize();
    }
}
