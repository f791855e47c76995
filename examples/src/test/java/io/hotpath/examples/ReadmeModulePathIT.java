package io.hotpath.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The README's ten lines and its test kit example in a module of a service's own, compiled and run on the module
 * path with a plain {@code java} command: the built jars of the engine and the test kit and the engine's two
 * dependencies, Agrona and HdrHistogram, nothing on the class path. A third program turns the histograms on, which
 * read HdrHistogram, an automatic module named after its file. Runs after package, on the built jars.
 */
class ReadmeModulePathIT
{
    private static final long TIMEOUT_SECONDS = 60;
    private static final String MODULE = """
        module readme
        {
            requires io.hotpath;
            requires io.hotpath.testkit;
        }
        """;
    private static final List<String> HISTOGRAMS = List.of(
        "try (Engine engine = Engine.start(EngineConfig.builder().workers(1).histograms(true).build()))",
        "{",
        "    ActorRef<String> echo = engine.spawn(\"echo\", (ActorContext<String> ctx) -> (String m) -> ctx.reply(m));",
        "    System.out.println(\"answer: \" + echo.<String>ask(\"ping\").get(Duration.ofSeconds(10)));",
        "    System.out.println(\"handler times: \" + engine.stats().workers().get(0).handlerNs().count());",
        "    Module histograms = ModuleLayer.boot().findModule(\"HdrHistogram\").orElseThrow();",
        "    boolean read = Engine.class.getModule().canRead(histograms);",
        "    System.out.println(\"the engine reads \" + histograms + \": \" + read);",
        "}");

    @Test
    void theReadmesExamplesRunInAModuleOfTheirOwnOnTheModulePath(@TempDir final Path dir) throws Exception
    {
        Maven.assumeAfterPackage();
        final String modulePath = modulePath();
        final Path sources = dir.resolve("src");
        write(sources.resolve("module-info.java"), MODULE);
        write(sources.resolve("readme/TenLines.java"), program("TenLines",
            Docs.codeBlockUnder("README.md", "## Ten lines"), "import io.hotpath.*;\n"));
        write(sources.resolve("readme/TestKitExample.java"), program("TestKitExample",
            Docs.codeBlockUnder("README.md", "## Testing your actors"),
            "import io.hotpath.*;\nimport io.hotpath.testkit.*;\nimport java.time.Duration;\n"));
        write(sources.resolve("readme/Histograms.java"), program("Histograms", HISTOGRAMS,
            "import io.hotpath.*;\nimport java.time.Duration;\n"));
        final Path classes = dir.resolve("classes");
        compile(sources, classes, modulePath);

        final String runPath = classes + File.pathSeparator + modulePath;
        assertThat(run(dir, runPath, "readme/readme.TenLines")).isEqualTo("booked Order[id=1, qty=100]\n");
        assertThat(run(dir, runPath, "readme/readme.TestKitExample")).as("the probe's expectations passed, silently")
            .isEmpty();
        assertThat(run(dir, runPath, "readme/readme.Histograms")).isEqualTo("answer: ping\nhandler times: 1\n" +
            "the engine reads module HdrHistogram: true\n");
    }

    /** The built engine and test kit, and the engine's dependencies as the build copied them for the examples. */
    private static String modulePath()
    {
        final String version = System.getProperty("hotpath.version");
        final Path lib = Docs.root().resolve("examples/target/lib");
        final List<Path> jars = new ArrayList<>(List.of(lib.resolve("hotpath-engine-" + version + ".jar"),
            Docs.root().resolve("testkit/target/hotpath-testkit-" + version + ".jar")));
        for (final String dependency : List.of("agrona-", "HdrHistogram-"))
        {
            try (Stream<Path> files = Files.list(lib))
            {
                jars.add(files.filter(f -> f.getFileName().toString().startsWith(dependency)).findFirst()
                    .orElseThrow(() -> new AssertionError("the build copied no " + dependency + "*.jar to " + lib)));
            }
            catch (final IOException ex)
            {
                throw new AssertionError("cannot list " + lib, ex);
            }
        }
        jars.forEach(jar -> assertThat(jar).as("built before this proof").isRegularFile());
        return String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    }

    /** Lines of code as the body of a program's main method, in the package readme. */
    private static String program(final String name, final List<String> body, final String imports)
    {
        final StringBuilder source = new StringBuilder("package readme;\n\n").append(imports)
            .append("\npublic final class ").append(name).append("\n{\n    private ").append(name).append("()\n    {\n")
            .append("    }\n\n    public static void main(final String[] args)\n    {\n");
        for (final String line : body)
        {
            source.append("        ").append(line).append('\n');
        }
        return source.append("    }\n}\n").toString();
    }

    /** javac on the module's sources, every lint on and warnings as errors, as a service's build would. */
    private static void compile(final Path sources, final Path classes, final String modulePath) throws IOException
    {
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
             Stream<Path> found = Files.walk(sources))
        {
            final List<Path> java = found.filter(f -> f.toString().endsWith(".java")).toList();
            final boolean compiled = javac.getTask(null, files, diagnostics, List.of("-Xlint:all", "-Werror",
                "--module-path", modulePath, "-d", classes.toString()), null,
                files.getJavaFileObjectsFromPaths(java)).call();
            assertThat(diagnostics.getDiagnostics()).as("javac on the module path").isEmpty();
            assertThat(compiled).isTrue();
        }
    }

    /** A plain java command, no flag and no class path: the module path and the main class alone. */
    private static String run(final Path dir, final String modulePath, final String main) throws Exception
    {
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xms64m", "-Xmx256m", "--module-path", modulePath, "-m", main);
        final Path out = dir.resolve("out.log");
        final Path err = dir.resolve("err.log");
        final ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
            .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JDK_JAVA_OPTIONS");
        final Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not end within " + TIMEOUT_SECONDS + " s:\n" +
                Files.readString(out));
        }
        final String described = String.join(" ", command) + " printed:\n" + Files.readString(out) + "\nand on " +
            "stderr:\n" + Files.readString(err);
        assertThat(process.exitValue()).as(described).isZero();
        assertThat(Files.readAllLines(err).stream().filter(line -> line.startsWith("WARNING:"))
            .filter(line -> !line.contains(" is stalled: ")))
            .as("the JVM warns of nothing (the engine may report a stall, as a cold JVM's first turns can be slow " +
                "on a busy host): " + described).isEmpty();
        return Files.readString(out);
    }

    private static void write(final Path file, final String text) throws IOException
    {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}
