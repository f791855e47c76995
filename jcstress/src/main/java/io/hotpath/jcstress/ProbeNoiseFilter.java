package io.hotpath.jcstress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Passes jcstress's console output through, less the one probe failure that every JDK this project builds with
 * produces: jcstress 0.16 still probes for biased locking, which HotSpot no longer has, and prints the probe JVM's
 * launch error ({@code Unrecognized VM option 'UseBiasedLocking'}, {@code Error: Could not create the Java Virtual
 * Machine.}) under its {@code [N/A]} line. That line stays, with a note after it; only those exact lines of that one
 * probe are left out, so a probe that fails for any other reason, or with any other text, prints as it always did.
 * Filtering ends where jcstress stops probing the VM.
 * <p>
 * Not thread safe on its own: it sits under one {@link java.io.PrintStream}, which serialises the writes.
 */
final class ProbeNoiseFilter extends OutputStream
{
    /** The line jcstress prints when the biased locking probe fails. */
    static final String BIASED_LOCKING_PROBE = "----- [N/A] Checking for biased locking support";
    /** Printed after that line in place of the probe JVM's error. */
    static final String NOTE =
        "      (expected: this JDK has no biased locking; the probe JVM's launch error is not shown)";
    /** jcstress's next phase, which probes nothing that is expected to fail. */
    static final String END_OF_PROBES = "Probing what VM configurations are available:";

    private static final List<String> PROBE_ERROR_LINES = List.of(
        "Unrecognized VM option 'UseBiasedLocking'",
        "Error: Could not create the Java Virtual Machine.",
        "Error: A fatal exception has occurred. Program will exit.");
    /** Lines longer than this are never one of the lines looked for. */
    private static final int LONGEST_LINE = 256;

    private enum State
    {
        /** Bytes go straight through; the current line is kept to recognise the probe's line. */
        WATCHING,
        /** After the probe's line: each line is held until it is known to be the probe's error or not. */
        HOLDING,
        /** Bytes go straight through, for good. */
        PASSING
    }

    private final OutputStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(LONGEST_LINE);
    private State state = State.WATCHING;
    private int dropped;

    /**
     * @param out where everything else goes.
     */
    ProbeNoiseFilter(final OutputStream out)
    {
        this.out = out;
    }

    @Override
    public void write(final int b) throws IOException
    {
        switch (state)
        {
            case PASSING -> out.write(b);
            case WATCHING ->
            {
                out.write(b);
                if (b == '\n')
                {
                    watched(text());
                }
                else if (line.size() <= LONGEST_LINE)
                {
                    line.write(b);
                }
            }
            case HOLDING ->
            {
                line.write(b);
                if (b == '\n')
                {
                    held();
                }
            }
        }
    }

    @Override
    public void write(final byte[] bytes, final int offset, final int length) throws IOException
    {
        if (state == State.PASSING)
        {
            out.write(bytes, offset, length);
            return;
        }
        for (int i = offset; i < offset + length; i++)
        {
            write(bytes[i]);
        }
    }

    @Override
    public void flush() throws IOException
    {
        out.flush();
    }

    @Override
    public void close() throws IOException
    {
        if (state == State.HOLDING)
        {
            line.writeTo(out);
        }
        out.close();
    }

    private void watched(final String text)
    {
        line.reset();
        if (text.equals(BIASED_LOCKING_PROBE))
        {
            state = State.HOLDING;
        }
        else if (text.equals(END_OF_PROBES))
        {
            state = State.PASSING;
        }
    }

    private void held() throws IOException
    {
        final String text = text();
        // jcstress ends the probe's message with an empty line
        if (PROBE_ERROR_LINES.contains(text) || (dropped > 0 && text.isEmpty()))
        {
            dropped++;
            line.reset();
            return;
        }
        if (dropped > 0)
        {
            out.write((NOTE + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
        }
        line.writeTo(out);
        line.reset();
        state = State.WATCHING;
        watched(text);
    }

    private String text()
    {
        final String text = line.toString(StandardCharsets.UTF_8);
        final String noNewline = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        return noNewline.endsWith("\r") ? noNewline.substring(0, noNewline.length() - 1) : noNewline;
    }
}
