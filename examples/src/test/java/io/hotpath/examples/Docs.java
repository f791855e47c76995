package io.hotpath.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The project's documents as the examples' tests read them: the checkout's root (the build passes it as
 * {@code hotpath.root}), a document's text, and the code blocks under one of its headings. Stateless.
 */
public final class Docs
{
    private Docs()
    {
    }

    /** @return the root of the checkout. */
    public static Path root()
    {
        return Path.of(System.getProperty("hotpath.root", "..")).toAbsolutePath().normalize();
    }

    /**
     * @param relative a path from the root, e.g. {@code README.md}.
     * @return the file's lines.
     */
    public static List<String> lines(final String relative)
    {
        try
        {
            return Files.readAllLines(root().resolve(relative));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * @param relative a Markdown file.
     * @param heading  a heading line, e.g. {@code ## Ten lines}.
     * @return the first fenced code block after that heading, without its fences.
     * @throws IllegalStateException when there is none.
     */
    public static List<String> codeBlockUnder(final String relative, final String heading)
    {
        final List<String> lines = lines(relative);
        final int at = lines.indexOf(heading);
        if (at < 0)
        {
            throw new IllegalStateException(relative + " has no heading '" + heading + "'");
        }
        final List<String> block = new ArrayList<>();
        boolean inside = false;
        for (int i = at + 1; i < lines.size(); i++)
        {
            final String line = lines.get(i);
            if (line.startsWith("```"))
            {
                if (inside)
                {
                    return block;
                }
                inside = true;
            }
            else if (inside)
            {
                block.add(line);
            }
            else if (line.startsWith("#"))
            {
                break;
            }
        }
        throw new IllegalStateException(relative + " has no code block under '" + heading + "'");
    }
}
