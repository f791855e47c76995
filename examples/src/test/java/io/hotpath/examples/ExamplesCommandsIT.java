package io.hotpath.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every command docs/EXAMPLES.md gives to run an example, run as it is written there ({@code ./hotpath example
 * NAME}, from the checkout's root, after the build made the examples' jar): each ends by itself and succeeds, and
 * every example of the launcher has its command in the document.
 */
class ExamplesCommandsIT
{
    /** An indented line of a code block that runs one example, with no shell around it. */
    private static final Pattern COMMAND = Pattern.compile("^ {4}\\./hotpath example ([a-z-]+)((?: --[a-z]+)*)$");
    private static final long TIMEOUT_SECONDS = 180;

    @Test
    void everyDocumentedExampleCommandRunsAndSucceeds(@TempDir final Path dir) throws Exception
    {
        Maven.assumeAfterPackage();
        final List<String> documented = new ArrayList<>();
        for (final String line : Docs.lines("docs/EXAMPLES.md"))
        {
            final Matcher command = COMMAND.matcher(line);
            if (command.matches())
            {
                documented.add(command.group(1));
                run(line.strip(), dir.resolve(documented.size() + ".log"));
            }
        }
        assertThat(documented).as("docs/EXAMPLES.md runs each example (bank-stream never ends: BankCrashTest runs it)")
            .containsAll(Examples.ALL.stream().map(Examples.Example::name).filter(n -> !n.equals("bank-stream"))
                .toList());
    }

    private static void run(final String command, final Path log) throws Exception
    {
        Maven.command();   // the launcher needs Maven on the PATH, as a user's checkout does
        final ProcessBuilder builder = new ProcessBuilder("bash", "-c", command).directory(Docs.root().toFile())
            .redirectErrorStream(true).redirectOutput(log.toFile());
        Maven.useThisJdk(builder);
        final Process process = builder.start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail("'" + command + "' did not end within " + TIMEOUT_SECONDS + " s:\n" + Files.readString(log));
        }
        final String output = Files.readString(log);
        assertThat(process.exitValue()).as("'%s' printed:\n%s", command, output).isZero();
        assertThat(output).as(command).isNotBlank().doesNotContain("Exception in thread");
    }
}
