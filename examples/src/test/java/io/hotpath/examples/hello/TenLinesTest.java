package io.hotpath.examples.hello;

import io.hotpath.examples.Docs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's ten-line example compiles as it is written there (with javac, against the engine, every lint on and
 * warnings as errors) and runs; the hello example is those same lines; and the README's example of the test kit
 * compiles and passes.
 */
class TenLinesTest
{
    private static final String HEADING = "## Ten lines";

    @Test
    void theReadmesTenLinesCompileAsWrittenAndRun(@TempDir final Path dir) throws Exception
    {
        assertThat(Docs.lines("README.md")).as("the block is marked as Java").contains("```java");
        assertThat(compileAndRun(Docs.codeBlockUnder("README.md", HEADING), "import io.hotpath.*;\n", dir))
            .isEqualTo("booked Order[id=1, qty=100]\n");
    }

    @Test
    void theReadmesTestKitExampleCompilesAndPasses(@TempDir final Path dir) throws Exception
    {
        assertThat(compileAndRun(Docs.codeBlockUnder("README.md", "## Testing your actors"),
            "import io.hotpath.*;\nimport io.hotpath.testkit.*;\nimport java.time.Duration;\n", dir))
            .as("the probe's expectations passed, silently").isEmpty();
    }

    /**
     * Compile lines of code as the body of a main method, with javac, every lint on and warnings as errors, then run
     * it.
     *
     * @return what it printed.
     */
    private static String compileAndRun(final List<String> block, final String imports, final Path dir)
        throws Exception
    {
        final StringBuilder source = new StringBuilder(imports).append("\npublic class Block\n{\n" +
            "    public static void main(final String[] args)\n    {\n");
        for (final String line : block)
        {
            source.append("        ").append(line).append('\n');
        }
        source.append("    }\n}\n");
        final Path file = Files.writeString(dir.resolve("Block.java"), source);

        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8))
        {
            final boolean compiled = javac.getTask(null, files, diagnostics, List.of("-Xlint:all", "-Werror",
                    "-classpath", System.getProperty("java.class.path"), "-d", dir.toString()), null,
                files.getJavaFileObjects(file.toFile())).call();
            assertThat(diagnostics.getDiagnostics()).as("javac on the README's lines:\n%s", source).isEmpty();
            assertThat(compiled).isTrue();
        }

        final PrintStream stdout = System.out;
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
            TenLinesTest.class.getClassLoader()))
        {
            final Method main = loader.loadClass("Block").getMethod("main", String[].class);
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            main.invoke(null, (Object)new String[0]);
        }
        finally
        {
            System.setOut(stdout);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theHelloExampleIsTheReadmesTenLines() throws Exception
    {
        final List<String> hello = Files.readAllLines(Docs.root().resolve(
            "examples/src/main/java/io/hotpath/examples/hello/Hello.java"));
        final List<String> block = Docs.codeBlockUnder("README.md", HEADING);
        final int first = hello.indexOf("        " + block.get(0));
        assertThat(first).as("Hello.java holds the README's first line").isNotNegative();
        for (int i = 0; i < block.size(); i++)
        {
            assertThat(hello.get(first + i).stripTrailing())
                .isEqualTo(block.get(i).isEmpty() ? "" : "        " + block.get(i));
        }
    }
}
