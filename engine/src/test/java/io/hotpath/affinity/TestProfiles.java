package io.hotpath.affinity;

import io.hotpath.EngineConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Profiles for the affinity tests: the shipped profiles' folder, and a profile parsed from text. Stateless.
 */
public final class TestProfiles
{
    /** The folder of the shipped profiles. */
    public static final Path CONFIG = Path.of("..", "affinity-config");

    /**
     * @param text a profile file's content; without {@code workers} it has one worker here, so that the tests do
     *             not depend on this machine's processor count.
     * @return the placement it gives, named "test".
     */
    public static AffinityProfile parse(final String text)
    {
        try
        {
            final Path dir = Files.createTempDirectory("profile");
            final Path file = Files.writeString(dir.resolve("test.properties"), text);
            try
            {
                return EngineConfig.builder().workers(1).affinity(file).build().affinity();
            }
            finally
            {
                Files.delete(file);
                Files.delete(dir);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private TestProfiles()
    {
    }
}
