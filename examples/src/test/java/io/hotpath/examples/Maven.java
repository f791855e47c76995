package io.hotpath.examples;

import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the Maven and the JDK a proof of the build runs a command with: the Maven running the build (it passes
 * {@code hotpath.maven.home}), else the {@code mvn} on the PATH; the test's own JDK. Stateless.
 */
final class Maven
{
    private Maven()
    {
    }

    /**
     * @return the mvn command.
     * @throws org.opentest4j.TestAbortedException (the test is skipped, saying why) when there is no Maven.
     */
    static String command()
    {
        final String home = System.getProperty("hotpath.maven.home", "");
        if (!home.isBlank() && Files.isExecutable(Path.of(home, "bin", "mvn")))
        {
            return Path.of(home, "bin", "mvn").toString();
        }
        final String path = System.getenv().getOrDefault("PATH", "");
        for (final String folder : path.split(java.io.File.pathSeparator))
        {
            if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, "mvn")))
            {
                return Path.of(folder, "mvn").toString();
            }
        }
        Assumptions.abort("skipped: no Maven to run (mvn is not on the PATH and the build did not say where its own " +
            "Maven is); install Maven 3.8+ to run this proof");
        return "mvn";
    }

    /** Skip the calling proof unless it runs after package (the build's integration-test phase). */
    static void assumeAfterPackage()
    {
        Assumptions.assumeTrue(Boolean.getBoolean("hotpath.after.package"), "skipped: this proof runs after the " +
            "jars are built (mvn verify, ./hotpath test), not in the test phase");
    }

    /** @param process runs with JAVA_HOME set to the JDK this test runs on. */
    static void useThisJdk(final ProcessBuilder process)
    {
        final String javaHome = System.getProperty("java.home");
        process.environment().put("JAVA_HOME", javaHome);
        process.environment().put("PATH", Path.of(javaHome, "bin") + java.io.File.pathSeparator +
            System.getenv().getOrDefault("PATH", ""));
    }
}
