package io.hotpath.release;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Small libraries for the tests, compiled from source with javac and packed as jars: a module {@code fixture.lib}
 * in two versions, the second breaking the first's API. Stateless.
 */
final class Fixtures
{
    /**
     * The API as released: a class, an interface, a class with a nested one, a second exported package and an
     * internal one.
     */
    static final Map<String, String> BEFORE = Map.of(
        "module-info.java", "module fixture.lib { exports fixture.api; exports fixture.extra; }",
        "fixture/api/Greeter.java", """
            package fixture.api;
            public class Greeter
            {
                public static final int LIMIT = 3;
                public String hello(final String name) { return "hello " + name; }
                public String bye() { return "bye"; }
            }
            """,
        "fixture/api/Sink.java", "package fixture.api; public interface Sink { void accept(String s); }",
        "fixture/api/Gone.java", """
            package fixture.api;
            public class Gone
            {
                public static class Part { public int size() { return 0; } }
                public void go() { }
            }
            """,
        "fixture/extra/Extra.java", "package fixture.extra; public class Extra { public int one() { return 1; } }",
        "fixture/internal/Helper.java", "package fixture.internal; public class Helper { public void help() { } }");

    /**
     * The next version: {@code Greeter.bye()} removed (a binary and source break), {@code Sink.flush()} added to
     * an interface users implement (a source break), {@code Gone} removed with its nested type and members,
     * fixture.extra no longer exported, and the internal helper changed (no break: not API).
     */
    static final Map<String, String> AFTER = Map.of(
        "module-info.java", "module fixture.lib { exports fixture.api; }",
        "fixture/api/Greeter.java", """
            package fixture.api;
            public class Greeter
            {
                public static final int LIMIT = 3;
                public String hello(final String name) { return "hello " + name; }
            }
            """,
        "fixture/api/Sink.java", "package fixture.api; public interface Sink { void accept(String s); void flush(); }",
        "fixture/extra/Extra.java", "package fixture.extra; public class Extra { public int one() { return 1; } }",
        "fixture/internal/Helper.java", "package fixture.internal; public class Helper { }");

    private Fixtures()
    {
    }

    /**
     * Compile sources with javac into a jar.
     *
     * @param sources file names under the source root, and their text.
     * @param jar     the jar to write.
     * @return the jar.
     */
    static Path jar(final Map<String, String> sources, final Path jar)
    {
        try
        {
            final Path work = Files.createTempDirectory(jar.getParent() == null ? Path.of(".") :
                Files.createDirectories(jar.getParent()), "javac");
            final Path src = work.resolve("src");
            final Path classes = Files.createDirectories(work.resolve("classes"));
            final List<Path> files = new ArrayList<>();
            for (final Map.Entry<String, String> source : sources.entrySet())
            {
                final Path file = src.resolve(source.getKey());
                Files.createDirectories(file.getParent());
                files.add(Files.writeString(file, source.getValue()));
            }
            compile(files, classes);
            try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                 Stream<Path> built = Files.walk(classes))
            {
                for (final Path file : built.filter(Files::isRegularFile).sorted().toList())
                {
                    out.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                    out.write(Files.readAllBytes(file));
                    out.closeEntry();
                }
            }
            return jar;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static void compile(final List<Path> files, final Path classes) throws IOException
    {
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager manager = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8))
        {
            final boolean compiled = javac.getTask(null, manager, diagnostics, List.of("-d", classes.toString()), null,
                manager.getJavaFileObjectsFromPaths(files)).call();
            if (!compiled)
            {
                throw new IllegalStateException("the fixture does not compile: " + diagnostics.getDiagnostics());
            }
        }
    }
}
