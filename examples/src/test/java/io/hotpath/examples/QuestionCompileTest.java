package io.hotpath.examples;

import org.junit.jupiter.api.Test;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Question.ask} compiles only for an actor that handles the question, proven by the compiler: a question of
 * another type is a compile error, not a ClassCastException at run time.
 */
class QuestionCompileTest
{
    private static final String PROGRAM = """
        import io.hotpath.*;

        public class Probe
        {
            sealed interface AccountMessage permits GetBalance { }
            record GetBalance() implements AccountMessage, Question<Long> { }
            record Unrelated() implements Question<String> { }

            static Reply<?> run(final ActorRef<AccountMessage> account)
            {
                return %s;
            }
        }
        """;

    @Test
    void aQuestionTheActorHandlesCompilesAndAnUnrelatedOneDoesNot() throws Exception
    {
        assertThat(errors("Question.ask(account, new GetBalance())")).isEmpty();
        assertThat(errors("Question.<Long, GetBalance>ask(account, new GetBalance())")).isEmpty();
        assertThat(errors("Question.ask(account, new Unrelated())")).hasSize(1);
    }

    private static List<String> errors(final String call) throws Exception
    {
        final Path dir = Files.createTempDirectory("question");
        final Path file = Files.writeString(dir.resolve("Probe.java"), PROGRAM.formatted(call));
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8))
        {
            javac.getTask(null, files, diagnostics, List.of("-classpath", System.getProperty("java.class.path"),
                "-d", dir.toString()), null, files.getJavaFileObjects(file.toFile())).call();
        }
        return diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
            .map(d -> d.getMessage(null)).toList();
    }
}
