package io.hotpath.examples;

import io.hotpath.examples.modulepath.TransportProbe;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The remote example on the module path, in a child JVM with no class path: the engine, remote actors, Aeron, Agrona
 * and HdrHistogram from examples/target/lib, the examples' jar as the automatic module {@code io.hotpath.examples}.
 * Runs after package, on the built jars.
 */
class RemoteModulePathIT
{
    private static final long TIMEOUT_SECONDS = 120;
    private static final String AGRONA_FLAG = "--add-opens java.base/jdk.internal.misc=org.agrona";

    @Test
    void theTwoNodeExampleRunsOnTheModulePath(@TempDir final Path dir) throws Exception
    {
        Maven.assumeAfterPackage();
        final List<String> command = java(true);
        command.addAll(List.of("-m", "io.hotpath.examples/io.hotpath.examples.Examples", "remote"));
        final Result result = run(command, dir);
        assertThat(result.exit).as(result.described()).isZero();
        assertThat(result.output).as(result.described()).doesNotContain("Exception").contains(
            "risk node: the book filled 50 of order 2",
            "approves 999: true, 5000: false",
            "is gone");
    }

    @Test
    void withoutTheFlagANodeNamesItWithAgronasModule(@TempDir final Path dir) throws Exception
    {
        Maven.assumeAfterPackage();
        final List<String> command = java(false);
        command.addAll(List.of("-m", "io.hotpath.examples/io.hotpath.examples.Examples", "remote"));
        final Result result = run(command, dir);
        assertThat(result.exit).as(result.described()).isNotZero();
        assertThat(result.output).as(result.described()).contains("remote actors need the JVM flag " + AGRONA_FLAG);
    }

    @Test
    void theTransportIsSealedFromTheClassPath(@TempDir final Path dir) throws Exception
    {
        Maven.assumeAfterPackage();
        final String testClasses = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> entry.endsWith("test-classes")).findFirst().orElseThrow();
        final List<String> command = java(false);
        command.addAll(List.of("-cp", testClasses, TransportProbe.class.getName()));
        final Result result = run(command, dir);
        assertThat(result.exit).as(result.described()).isZero();
        assertThat(result.output).as(result.described()).contains("remote module: io.hotpath.remote",
            "transport sealed: IllegalAccessException");
    }

    /** This JDK's java with the module path of the built jars, and Agrona's flag when asked for. */
    private static List<String> java(final boolean withFlag)
    {
        final Path target = Docs.root().resolve("examples/target");
        final Path jar = target.resolve("hotpath-examples.jar");
        final Path lib = target.resolve("lib");
        assertThat(jar).as("the build made the examples' jar").isRegularFile();
        assertThat(lib.resolve("hotpath-remote-" + System.getProperty("hotpath.version") + ".jar"))
            .as("the build copied remote actors to lib").isRegularFile();
        final List<String> command = new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms64m", "-Xmx256m"));
        if (withFlag)
        {
            command.addAll(Arrays.asList(AGRONA_FLAG.split(" ")));
        }
        command.addAll(List.of("--module-path", jar + File.pathSeparator + lib, "--add-modules", "io.hotpath.remote"));
        return command;
    }

    private record Result(List<String> command, int exit, String output)
    {
        String described()
        {
            return String.join(" ", command) + " printed:\n" + output;
        }
    }

    private static Result run(final List<String> command, final Path dir) throws Exception
    {
        final Path log = dir.resolve("child.log");
        final ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
            .redirectOutput(log.toFile());
        builder.environment().remove("CLASSPATH");
        final Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not end within " + TIMEOUT_SECONDS + " s:\n" +
                Files.readString(log));
        }
        return new Result(command, process.exitValue(), Files.readString(log));
    }
}
