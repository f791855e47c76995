package io.hotpath.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The path a user takes: a separate Maven project (examples/src/it/consumer-project) that depends on the installed
 * engine and test kit builds and runs its own test written with the kit. The build installs this build's artifacts
 * into a local repository of its own ({@code hotpath.consumer.repo}), exactly as {@code mvn install} lays them out,
 * and the project resolves every other artifact from the local repository the build itself uses, as a mirror: no
 * network, and nothing read from or written to ~/.m2 for io.hotpath, so builds of other checkouts cannot interfere.
 */
class ConsumerProjectIT
{
    private static final long TIMEOUT_MINUTES = 10;

    @TempDir
    Path dir;

    @Test
    void aSeparateProjectDependingOnTheInstalledEngineAndTestKitRunsItsTest() throws Exception
    {
        Maven.assumeAfterPackage();
        final String version = property("hotpath.version");
        final Path installed = Path.of(property("hotpath.consumer.repo"), "io/hotpath/hotpath-engine", version,
            "hotpath-engine-" + version + ".jar");
        final Path project = dir.resolve("heartbeat");
        final Map<String, String> values = Map.of(
            "@hotpath.version@", property("hotpath.version"),
            "@junit.version@", property("junit.version"),
            "@maven-compiler-plugin.version@", property("maven-compiler-plugin.version"),
            "@maven-resources-plugin.version@", property("maven-resources-plugin.version"),
            "@maven-surefire-plugin.version@", property("maven-surefire-plugin.version"));
        copy(Docs.root().resolve("examples/src/it/consumer-project"), project, values);
        final Path settings = Files.writeString(dir.resolve("settings.xml"), """
            <settings>
              <localRepository>%s</localRepository>
              <mirrors>
                <mirror>
                  <id>this-build</id>
                  <mirrorOf>*</mirrorOf>
                  <url>%s</url>
                </mirror>
              </mirrors>
            </settings>
            """.formatted(property("hotpath.consumer.repo"), Path.of(property("hotpath.maven.repo")).toUri()));
        final Path log = dir.resolve("mvn.log");
        final ProcessBuilder mvn = new ProcessBuilder(Maven.command(), "-B", "-ntp", "-s", settings.toString(), "-f",
            project.resolve("pom.xml").toString(), "test")
            .redirectErrorStream(true).redirectOutput(log.toFile()).directory(project.toFile());
        Maven.useThisJdk(mvn);
        final Process run = mvn.start();
        if (!run.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES))
        {
            run.destroyForcibly();
            fail("mvn test of the separate project did not end within " + TIMEOUT_MINUTES + " minutes:\n" + tail(log));
        }
        assertThat(run.exitValue()).as("mvn test of the separate project:\n%s", tail(log)).isZero();
        final String report = Files.readString(project.resolve(
            "target/surefire-reports/TEST-com.example.heartbeat.HeartbeatMonitorTest.xml"));
        assertThat(report).contains("tests=\"2\"", "failures=\"0\"", "errors=\"0\"", "skipped=\"0\"");
        assertThat(Files.mismatch(Docs.root().resolve("engine/target/hotpath-engine-" + version + ".jar"), installed))
            .as("the project got this build's engine").isEqualTo(-1);
    }

    private static String property(final String name)
    {
        final String value = System.getProperty(name);
        if (value == null || value.isBlank())
        {
            throw new IllegalStateException("the build passes " + name + " to this test (examples/pom.xml)");
        }
        return value;
    }

    /** Copy a tree, putting the values in place of their @names@ in every file. */
    private static void copy(final Path from, final Path to, final Map<String, String> values) throws IOException
    {
        try (Stream<Path> files = Files.walk(from))
        {
            for (final Path source : files.filter(Files::isRegularFile).toList())
            {
                String text = Files.readString(source);
                for (final Map.Entry<String, String> value : values.entrySet())
                {
                    text = text.replace(value.getKey(), value.getValue());
                }
                final Path target = to.resolve(from.relativize(source).toString());
                Files.createDirectories(target.getParent());
                Files.writeString(target, text);
            }
        }
    }

    private static String tail(final Path log) throws IOException
    {
        final List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
    }
}
