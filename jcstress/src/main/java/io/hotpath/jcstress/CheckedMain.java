package io.hotpath.jcstress;

import org.openjdk.jcstress.JCStress;
import org.openjdk.jcstress.Main;
import org.openjdk.jcstress.Options;
import org.openjdk.jcstress.infra.Status;
import org.openjdk.jcstress.infra.collectors.DiskReadCollector;
import org.openjdk.jcstress.infra.collectors.InProcessCollector;
import org.openjdk.jcstress.infra.collectors.TestResult;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs jcstress with the given command line, then exits with 1 when any test failed, errored, or did not run at
 * all, and with 0 otherwise. jcstress's own {@code Main} signals failed tests only by an uncaught
 * {@link AssertionError} from its report, and says nothing about a test that never ran (filtered out, or needing
 * more CPUs than it was given); this entry point checks the stored results itself. Its console output passes
 * through {@link ProbeNoiseFilter}, which leaves out the launch error of one VM probe that always fails on JDK 25.
 * Not thread safe; a command-line entry point.
 */
public final class CheckedMain
{
    private CheckedMain()
    {
    }

    /**
     * @param args jcstress's command line, e.g. {@code -m quick -c 2 -r target/jcstress-results}.
     * @throws Exception when jcstress itself cannot run.
     */
    public static void main(final String[] args) throws Exception
    {
        final Options options = new Options(args);
        if (!options.parse())
        {
            System.exit(2);
        }
        if (options.shouldList() || options.shouldParse())
        {
            // listing tests or re-reading a result file runs nothing to check
            Main.main(args);
            return;
        }
        // before jcstress is made: it keeps the System.out it finds
        System.setOut(new PrintStream(new ProbeNoiseFilter(System.out), true, System.out.charset()));
        final JCStress jcstress = new JCStress(options);
        final SortedSet<String> expected = jcstress.getTests();
        if (expected.isEmpty())
        {
            System.out.println("jcstress: FAILED, no test matches '" + options.getTestFilter() + "'");
            System.exit(1);
        }
        try
        {
            jcstress.run();
        }
        catch (final AssertionError ex)
        {
            // jcstress's report of failed tests; the check below reads them from the result file
            System.out.println(ex.getMessage());
        }
        System.exit(check(options.getResultFile(), expected));
    }

    private static int check(final String resultFile, final SortedSet<String> expected) throws Exception
    {
        final InProcessCollector collector = new InProcessCollector();
        if (!Files.exists(Path.of(resultFile)))
        {
            System.out.println("jcstress: FAILED, no result file " + resultFile + " (jcstress did not run)");
            return 1;
        }
        final DiskReadCollector reader = new DiskReadCollector(resultFile, collector);
        try
        {
            reader.dump();
        }
        finally
        {
            reader.close();
        }

        // One test has a result per configuration it ran with; it passes when every one of them passed.
        final TreeMap<String, String> failures = new TreeMap<>();
        final TreeSet<String> ran = new TreeSet<>();
        for (final TestResult result : collector.getTestResults())
        {
            ran.add(result.getName());
            if (result.status() != Status.NORMAL)
            {
                failures.merge(result.getName(), result.status().toString(), CheckedMain::join);
            }
            else if (!result.grading().isPassed)
            {
                failures.merge(result.getName(), "FAILED", CheckedMain::join);
            }
        }
        final TreeSet<String> missing = new TreeSet<>(expected);
        missing.removeAll(ran);

        System.out.println();
        System.out.println("jcstress summary: " + expected.size() + " tests, " + ran.size() + " ran, " +
            failures.size() + " failed or errored, " + missing.size() + " did not run");
        failures.forEach((name, what) -> System.out.println("  FAILED      " + name + " (" + what + ")"));
        missing.forEach(name -> System.out.println("  DID NOT RUN " + name));
        final boolean passed = failures.isEmpty() && missing.isEmpty();
        System.out.println(passed ? "jcstress: all tests passed" : "jcstress: FAILED (see the report above and " +
            "the HTML report in the -r directory)");
        return passed ? 0 : 1;
    }

    private static String join(final String a, final String b)
    {
        return a.contains(b) ? a : a + ", " + b;
    }
}
