package io.hotpath.examples.bank;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

/**
 * An append-only log of text records, one per line, each ending in a CRC-32 of its text so a reader can tell a
 * complete record from a torn one. NOT thread safe: each log has one writer, the actor that owns it.
 * <p>
 * {@link #append} returns only once the record has left the process: with {@link Durability#OS} it has been
 * written to the kernel (it survives the process being killed, not a power cut), with {@link Durability#DISK} the
 * file's data has also been forced to the device ({@code FileChannel.force(false)}, an fdatasync). A caller reports
 * an operation done only after its record is appended, so whatever a client was told is in the log.
 */
public final class TransactionLog implements AutoCloseable
{
    /** How far a record must get before {@link #append} returns. */
    public enum Durability
    {
        /** Written to the operating system: survives a killed process. */
        OS,
        /** Forced to the storage device: survives a power cut too. */
        DISK
    }

    private static final char CHECKSUM_MARK = '#';

    private final Path file;
    private final FileChannel channel;
    private final Durability durability;
    private final CRC32 crc = new CRC32();
    private ByteBuffer buffer = ByteBuffer.allocate(256);

    private TransactionLog(final Path file, final FileChannel channel, final Durability durability)
    {
        this.file = file;
        this.channel = channel;
        this.durability = durability;
    }

    /**
     * Open a log for appending, creating it if needed.
     *
     * @param file       the log file; a torn last line is cut off.
     * @param durability how far each record must get before append returns.
     * @return the log.
     */
    public static TransactionLog open(final Path file, final Durability durability)
    {
        final int validLength = scan(file, new ArrayList<>());
        try
        {
            final FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            // Cut a torn tail off before appending, or the next record would be glued to it and read as damage.
            channel.truncate(validLength);
            channel.position(validLength);
            return new TransactionLog(file, channel, durability);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot open transaction log " + file, ex);
        }
    }

    /**
     * Append one record and make it as durable as the log was opened for.
     *
     * @param record one line of text without a newline or a '#'.
     */
    public void append(final String record)
    {
        final byte[] text = record.getBytes(StandardCharsets.US_ASCII);
        crc.reset();
        crc.update(text);
        final byte[] line = (record + ' ' + CHECKSUM_MARK + Long.toHexString(crc.getValue()) + '\n')
            .getBytes(StandardCharsets.US_ASCII);
        if (buffer.capacity() < line.length)
        {
            buffer = ByteBuffer.allocate(line.length * 2);
        }
        buffer.clear();
        buffer.put(line).flip();
        try
        {
            // One write call for the whole line: a killed process leaves either all of it or none in the kernel.
            while (buffer.hasRemaining())
            {
                channel.write(buffer);
            }
            if (durability == Durability.DISK)
            {
                channel.force(false);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot append to transaction log " + file, ex);
        }
    }

    @Override
    public void close()
    {
        try
        {
            channel.close();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot close transaction log " + file, ex);
        }
    }

    /**
     * Read the complete records of a log. The last line may be torn (no newline, or a checksum that does not
     * match, maybe followed by bytes without a newline, as a crash can leave it): it is ignored. A damaged line before the last one is corruption, not a
     * crash, and fails the read.
     *
     * @param file the log file; a missing file has no records.
     * @return the records' text, in order, without checksums.
     */
    public static List<String> read(final Path file)
    {
        final List<String> records = new ArrayList<>();
        scan(file, records);
        return records;
    }

    private static int scan(final Path file, final List<String> records)
    {
        if (!Files.exists(file))
        {
            return 0;
        }
        final String content;
        try
        {
            content = Files.readString(file, StandardCharsets.ISO_8859_1);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read transaction log " + file, ex);
        }
        int start = 0;
        int lineNumber = 0;
        while (start < content.length())
        {
            final int end = content.indexOf('\n', start);
            if (end < 0)
            {
                break;  // torn tail: the process died inside the last write
            }
            lineNumber++;
            final String record = verified(content.substring(start, end));
            if (record == null)
            {
                if (content.indexOf('\n', end + 1) >= 0)
                {
                    throw new IllegalStateException(file + " line " + lineNumber + " is damaged and is not the " +
                        "last one: " + content.substring(start, end));
                }
                break;
            }
            records.add(record);
            start = end + 1;
        }
        return start;
    }

    private static String verified(final String line)
    {
        final int mark = line.lastIndexOf(" " + CHECKSUM_MARK);
        if (mark < 0)
        {
            return null;
        }
        final String record = line.substring(0, mark);
        final CRC32 check = new CRC32();
        check.update(record.getBytes(StandardCharsets.ISO_8859_1));
        return Long.toHexString(check.getValue()).equals(line.substring(mark + 2)) ? record : null;
    }
}
