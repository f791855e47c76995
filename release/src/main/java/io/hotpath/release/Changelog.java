package io.hotpath.release;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's CHANGELOG.md in the Keep a Changelog format: one {@code ## [VERSION]} section per release, newest
 * first, under an {@code ## [Unreleased]} section for what the next release will hold. The API check reads which
 * breaks the next release names. Immutable, so thread safe.
 */
public final class Changelog
{
    /** The heading of the section for the next release. */
    public static final String UNRELEASED = "## [Unreleased]";

    private final Path file;
    private final List<String> lines;

    private Changelog(final Path file, final List<String> lines)
    {
        this.file = file;
        this.lines = List.copyOf(lines);
    }

    /**
     * @param file the CHANGELOG.md.
     * @return its sections.
     * @throws UncheckedIOException when it cannot be read; a missing file says where it was looked for.
     */
    public static Changelog read(final Path file)
    {
        try
        {
            return new Changelog(file, Files.readAllLines(file));
        }
        catch (final NoSuchFileException ex)
        {
            throw new UncheckedIOException("there is no " + file + ": the project keeps its changes there, in the " +
                "Keep a Changelog format, with a section " + UNRELEASED + " for the next release", ex);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read " + file + ": " + ex.getMessage(), ex);
        }
    }

    /** {@return the file it was read from} */
    public Path file()
    {
        return file;
    }

    /**
     * @param version a version.
     * @return the heading of its section, e.g. {@code ## [0.1.0]} (a date may follow it in the file).
     */
    public static String heading(final Version version)
    {
        return "## [" + version.release() + "]";
    }

    /**
     * The text of one section: the lines after its heading, up to the next {@code ## } heading.
     *
     * @param heading e.g. {@link #UNRELEASED}; a heading line matches when it starts with it.
     * @return the section's lines, or an empty list when there is no such section.
     */
    public List<String> section(final String heading)
    {
        final List<String> section = new ArrayList<>();
        boolean inside = false;
        for (final String line : lines)
        {
            if (line.startsWith("## "))
            {
                if (inside)
                {
                    break;
                }
                inside = line.equals(heading) || line.startsWith(heading + " ");
            }
            else if (inside)
            {
                section.add(line);
            }
        }
        return section;
    }

    /** {@return whether the file has a section under that heading} */
    public boolean has(final String heading)
    {
        return lines.stream().anyMatch(line -> line.equals(heading) || line.startsWith(heading + " "));
    }

    /**
     * What the next release says it changes: the {@link #UNRELEASED} section, and the section of {@code version}'s
     * release when it already has one (while the release is being cut, its section has been renamed).
     *
     * @param version the version being built.
     * @return the text of those sections.
     */
    public String nextRelease(final Version version)
    {
        final List<String> text = new ArrayList<>(section(UNRELEASED));
        text.addAll(section(heading(version)));
        return String.join("\n", text);
    }
}
