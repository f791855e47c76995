package io.hotpath.jcstress;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class ProbeNoiseFilterTest
{
    private static final String NL = System.lineSeparator();
    private static final String BIASED_PROBE_FAILURE =
        ProbeNoiseFilter.BIASED_LOCKING_PROBE + NL +
        "Unrecognized VM option 'UseBiasedLocking'\n" +
        "Error: Could not create the Java Virtual Machine.\n" +
        "Error: A fatal exception has occurred. Program will exit.\n" +
        NL;

    @Test
    void theBiasedLockingProbesLaunchErrorIsReplacedByANote() throws IOException
    {
        final String output = filtered(
            "----- [OK] Checking for C2 availability" + NL +
            BIASED_PROBE_FAILURE +
            "----- [OK] Trimming down the VM heap size to 128M" + NL);

        assertThat(output).isEqualTo(
            "----- [OK] Checking for C2 availability" + NL +
            ProbeNoiseFilter.BIASED_LOCKING_PROBE + NL +
            ProbeNoiseFilter.NOTE + NL +
            "----- [OK] Trimming down the VM heap size to 128M" + NL);
    }

    /** Another probe's failure, other text after the biased locking probe, the same text once probing is over. */
    static Stream<String> textThatIsNotTheExpectedProbeError()
    {
        return Stream.of(
            "----- [N/A] Checking for C2 availability" + NL +
            "Error: Could not create the Java Virtual Machine." + NL +
            "Error: A fatal exception has occurred. Program will exit." + NL +
            NL +
            "----- [OK] Trimming down the VM heap size to 128M" + NL,

            ProbeNoiseFilter.BIASED_LOCKING_PROBE + NL +
            "Error occurred during initialization of VM" + NL +
            "java.lang.OutOfMemoryError: unable to create native thread" + NL,

            ProbeNoiseFilter.END_OF_PROBES + NL +
            BIASED_PROBE_FAILURE +
            "  FAILED      io.hotpath.jcstress.SomeTest (FAILED)" + NL);
    }

    @ParameterizedTest
    @MethodSource("textThatIsNotTheExpectedProbeError")
    void everyOtherErrorIsPrintedUnchanged(final String text) throws IOException
    {
        assertThat(filtered(text)).isEqualTo(text);
    }

    @Test
    void outputWrittenOneByteAtATimeIsFilteredTheSame() throws IOException
    {
        final String text = "Burning up... done!" + NL + BIASED_PROBE_FAILURE + "----- [OK] next" + NL;
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (ProbeNoiseFilter filter = new ProbeNoiseFilter(sink))
        {
            for (final byte b : text.getBytes(StandardCharsets.UTF_8))
            {
                filter.write(b);
            }
        }

        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo(filtered(text));
    }

    @Test
    void aHeldLineIsWrittenWhenTheStreamCloses() throws IOException
    {
        final String output = filtered(ProbeNoiseFilter.BIASED_LOCKING_PROBE + NL + "half a line");

        assertThat(output).isEqualTo(ProbeNoiseFilter.BIASED_LOCKING_PROBE + NL + "half a line");
    }

    private static String filtered(final String text) throws IOException
    {
        final ByteArrayOutputStream sink = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(new ProbeNoiseFilter(sink), true, StandardCharsets.UTF_8))
        {
            out.print(text);
        }
        return sink.toString(StandardCharsets.UTF_8);
    }
}
