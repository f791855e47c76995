package io.hotpath.remote.transport;

import io.aeron.CncFileDescriptor;
import org.agrona.BufferUtil;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Names the process behind a resource a node was refused (a media driver's directory, a UDP port), so that the
 * error says whom to look at. Best effort, and only on a refusal: what cannot be found is said so. Stateless.
 */
final class Owners
{
    private Owners()
    {
    }

    /**
     * @param directory a live driver's directory.
     * @return the process that runs the driver there, as its cnc file says.
     */
    static String ofDriver(final File directory)
    {
        final File cnc = new File(directory, CncFileDescriptor.CNC_FILE);
        MappedByteBuffer mapped = null;
        try
        {
            mapped = IoUtil.mapExistingFile(cnc, "cnc");
            final UnsafeBuffer metadata = CncFileDescriptor.createMetaDataBuffer(mapped);
            return process(CncFileDescriptor.pid(metadata));
        }
        catch (final RuntimeException ex)
        {
            return "its process could not be read from " + cnc + ": " + ex.getMessage();
        }
        finally
        {
            if (mapped != null)
            {
                BufferUtil.free(mapped);
            }
        }
    }

    /**
     * @param pid a process id.
     * @return {@code process 1234 (command)}, or this process.
     */
    static String process(final long pid)
    {
        if (pid == ProcessHandle.current().pid())
        {
            return "process " + pid + ", this one";
        }
        final Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        final String command = handle.flatMap(h -> h.info().commandLine()).or(() ->
            handle.flatMap(h -> h.info().command())).orElse("");
        return "process " + pid + (command.isEmpty() ? "" : " (" + clip(command) + ")");
    }

    private static String clip(final String text)
    {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }

    /**
     * @param port a local UDP port another socket is bound to.
     * @return the process that holds it, as /proc says on Linux; else that it could not be found.
     */
    static String ofUdpPort(final int port)
    {
        try
        {
            final String inode = udpInode(port);
            if (inode == null)
            {
                return "its process is not listed in /proc/net/udp";
            }
            final String link = "socket:[" + inode + "]";
            try (Stream<Path> processes = Files.list(Path.of("/proc")))
            {
                for (final Path process : (Iterable<Path>)processes::iterator)
                {
                    final String name = process.getFileName().toString();
                    if (name.chars().allMatch(Character::isDigit) && holds(process.resolve("fd"), link))
                    {
                        return process(Long.parseLong(name));
                    }
                }
            }
            return "a process this one may not look into";
        }
        catch (final IOException | RuntimeException ex)
        {
            return "its process could not be found: " + ex;
        }
    }

    private static String udpInode(final int port) throws IOException
    {
        final String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (final String table : List.of("/proc/net/udp", "/proc/net/udp6"))
        {
            final Path path = Path.of(table);
            if (!Files.isReadable(path))
            {
                continue;
            }
            for (final String line : Files.readAllLines(path, StandardCharsets.US_ASCII))
            {
                final String[] columns = line.trim().split("\\s+");
                if (columns.length > 9 && columns[1].endsWith(hexPort))
                {
                    return columns[9];
                }
            }
        }
        return null;
    }

    private static boolean holds(final Path fds, final String link)
    {
        try (Stream<Path> entries = Files.list(fds))
        {
            for (final Path fd : (Iterable<Path>)entries::iterator)
            {
                try
                {
                    if (link.equals(Files.readSymbolicLink(fd).toString()))
                    {
                        return true;
                    }
                }
                catch (final IOException ex)
                {
                    // closed meanwhile, or not ours to read
                }
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            return false;
        }
        return false;
    }
}
