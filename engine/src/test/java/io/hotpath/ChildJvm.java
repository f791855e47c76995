package io.hotpath;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs a child JVM with exactly the arguments a test gives (no inherited options), for tests of what a plain
 * {@code java} command sees. Stateless.
 */
public final class ChildJvm
{
    private ChildJvm()
    {
    }

    /**
     * @param arguments the java command's arguments.
     * @return what the child printed (stdout and stderr), once it has exited with 0 within a minute.
     */
    public static String run(final List<String> arguments) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.addAll(arguments);
        final ProcessBuilder pb = new ProcessBuilder(command);
        pb.redirectErrorStream(true);
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        final Process process = pb.start();
        final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the child JVM did not end: " + output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }
}
