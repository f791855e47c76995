package io.hotpath.bench.run;

import io.hotpath.bench.measure.Result;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a row run in a JVM of its own ({@code --fork}) hands back to the run that started it: the row's figures, its
 * fixed-rate interval log if it has one, and the process it ran in. Written once by the row's JVM, read once by the
 * run. Immutable.
 *
 * @param result  the row's figures.
 * @param logStem the file stem of its interval log, or null.
 * @param log     the interval log, or null.
 * @param pid     the process the row ran in.
 */
record RowOutcome(Result result, String logStem, String log, long pid) implements Serializable
{
    /**
     * @param file where to write it.
     * @throws IOException when it cannot be written.
     */
    void write(final Path file) throws IOException
    {
        try (OutputStream bytes = Files.newOutputStream(file); ObjectOutputStream out = new ObjectOutputStream(bytes))
        {
            out.writeObject(this);
        }
    }

    /**
     * @param file what a row's JVM wrote.
     * @return the outcome.
     * @throws IOException when it cannot be read, or holds something else.
     */
    static RowOutcome read(final Path file) throws IOException
    {
        try (InputStream bytes = Files.newInputStream(file); ObjectInputStream in = new ObjectInputStream(bytes))
        {
            return (RowOutcome)in.readObject();
        }
        catch (final ClassNotFoundException | ClassCastException ex)
        {
            throw new IOException("not a row's outcome: " + file, ex);
        }
    }
}
