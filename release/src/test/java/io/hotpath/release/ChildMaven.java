package io.hotpath.release;

import org.junit.jupiter.api.Assumptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a separate Maven on a small project, as the build runs japicmp: the Maven running this build (it passes
 * {@code hotpath.maven.home}) or the {@code mvn} on the PATH, on this test's JDK, with the build's local repository.
 * Stateless.
 */
final class ChildMaven
{
    private static final long TIMEOUT_MINUTES = 5;

    private ChildMaven()
    {
    }

    /**
     * @param project the project's pom.xml.
     * @param goals   what to run.
     * @return what Maven printed.
     * @throws AssertionError when Maven fails or does not end in time, with its output.
     */
    static String run(final Path project, final String... goals) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of(mvn(), "-B", "-ntp", "-f", project.toString()));
        final String repo = System.getProperty("hotpath.maven.repo", "");
        if (!repo.isBlank())
        {
            command.add("-Dmaven.repo.local=" + repo);
        }
        command.addAll(List.of(goals));
        final Path log = Files.createTempFile(project.getParent(), "mvn", ".log");
        final ProcessBuilder builder = new ProcessBuilder(command).directory(project.getParent().toFile())
            .redirectErrorStream(true).redirectOutput(log.toFile());
        final String javaHome = System.getProperty("java.home");
        builder.environment().put("JAVA_HOME", javaHome);
        builder.environment().put("PATH", Path.of(javaHome, "bin") + File.pathSeparator +
            System.getenv().getOrDefault("PATH", ""));
        final Process process = builder.start();
        if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES))
        {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end within " + TIMEOUT_MINUTES +
                " minutes:\n" + Files.readString(log));
        }
        final String output = Files.readString(log);
        if (process.exitValue() != 0)
        {
            throw new AssertionError(String.join(" ", command) + " failed:\n" + output);
        }
        return output;
    }

    private static String mvn()
    {
        final String home = System.getProperty("hotpath.maven.home", "");
        if (!home.isBlank() && Files.isExecutable(Path.of(home, "bin", "mvn")))
        {
            return Path.of(home, "bin", "mvn").toString();
        }
        for (final String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, "mvn")))
            {
                return Path.of(folder, "mvn").toString();
            }
        }
        Assumptions.abort("skipped: no Maven to run japicmp with (mvn is not on the PATH and the build did not say " +
            "where its own Maven is)");
        return "mvn";
    }
}
