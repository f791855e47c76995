package io.hotpath.bench;

import java.io.File;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The bench jar's entry point, compiled for Java 8 so that any {@code java} can start it: on a JDK 25 or newer it
 * runs {@code io.hotpath.bench.Main} in this JVM; on an older one it finds a JDK 25 (JAVA_HOME, /usr/lib/jvm, /opt,
 * ~/.sdkman) and runs the jar there, or says plainly that none was found.
 */
public final class Launcher
{
    private static final int REQUIRED = 25;

    private Launcher()
    {
    }

    /**
     * @param args passed on unchanged.
     * @throws Exception when Main cannot be started.
     */
    public static void main(final String[] args) throws Exception
    {
        if (feature(System.getProperty("java.specification.version")) >= REQUIRED)
        {
            final Method main = Class.forName("io.hotpath.bench.Main").getMethod("main", String[].class);
            main.invoke(null, (Object)args);
            return;
        }
        final String jdk = findJdk();
        if (jdk == null)
        {
            System.err.println("hotpath-bench needs Java " + REQUIRED + " or newer, and this is Java " +
                System.getProperty("java.version") + ". No JDK " + REQUIRED + " was found in JAVA_HOME, " +
                "/usr/lib/jvm, /opt or ~/.sdkman: install one (e.g. Eclipse Temurin 25) or run it with " +
                "/path/to/jdk-25/bin/java -jar hotpath-bench.jar");
            System.exit(3);
        }
        final String jar = new File(Launcher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .getPath();
        final List<String> command = new ArrayList<String>();
        command.add(jdk + File.separator + "bin" + File.separator + "java");
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(jar);
        command.add("io.hotpath.bench.Main");
        for (final String arg : args)
        {
            command.add(arg);
        }
        System.exit(new ProcessBuilder(command).inheritIO().start().waitFor());
    }

    private static String findJdk()
    {
        final List<File> candidates = new ArrayList<File>();
        final String javaHome = System.getenv("JAVA_HOME");
        if (javaHome != null)
        {
            candidates.add(new File(javaHome));
        }
        final String home = System.getProperty("user.home");
        for (final String dir : new String[]{"/usr/lib/jvm", "/usr/local/lib/jvm", "/opt/java", "/opt",
            home + "/.sdkman/candidates/java", home + "/.jdks"})
        {
            final File[] children = new File(dir).listFiles();
            if (children != null)
            {
                for (final File child : children)
                {
                    candidates.add(child);
                }
            }
        }
        String best = null;
        int bestFeature = 0;
        for (final File candidate : candidates)
        {
            final int feature = releaseFeature(candidate);
            if (feature >= REQUIRED && feature > bestFeature &&
                new File(candidate, "bin" + File.separator + "java").canExecute())
            {
                best = candidate.getPath();
                bestFeature = feature;
            }
        }
        return best;
    }

    private static int releaseFeature(final File jdk)
    {
        final File release = new File(jdk, "release");
        if (!release.canRead())
        {
            return 0;
        }
        try
        {
            for (final String line : java.nio.file.Files.readAllLines(release.toPath(),
                java.nio.charset.StandardCharsets.UTF_8))
            {
                if (line.startsWith("JAVA_VERSION="))
                {
                    return feature(line.substring("JAVA_VERSION=".length()).replace("\"", ""));
                }
            }
        }
        catch (final java.io.IOException ex)
        {
            return 0;
        }
        return 0;
    }

    private static int feature(final String version)
    {
        final String v = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < v.length() && Character.isDigit(v.charAt(end)))
        {
            end++;
        }
        return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
    }
}
