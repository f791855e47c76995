package io.hotpath.release;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A version of the project as its POMs spell it: {@code MAJOR.MINOR.PATCH}, with {@code -SNAPSHOT} for a development
 * build of the next release. Only the three numbers order versions; a snapshot of 0.2.0 comes after 0.1.0 and is
 * compared as 0.2.0. Immutable, so thread safe.
 *
 * @param major    the major version.
 * @param minor    the minor version.
 * @param patch    the patch version.
 * @param snapshot whether this is a development build ({@code -SNAPSHOT}).
 */
public record Version(int major, int minor, int patch, boolean snapshot) implements Comparable<Version>
{
    private static final String SNAPSHOT = "-SNAPSHOT";
    private static final Pattern FORM = Pattern.compile("(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})\\.(0|[1-9]\\d{0,8})" +
        "(" + SNAPSHOT + ")?");

    /**
     * @param text e.g. {@code 0.1.0} or {@code 0.2.0-SNAPSHOT}.
     * @return the version.
     * @throws IllegalArgumentException naming the text and the form expected.
     */
    public static Version parse(final String text)
    {
        final Matcher m = FORM.matcher(text == null ? "" : text.strip());
        if (!m.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a version of the form MAJOR.MINOR.PATCH, " +
                "optionally with -SNAPSHOT (e.g. 0.1.0, 0.2.0-SNAPSHOT)");
        }
        return new Version(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)),
            m.group(4) != null);
    }

    /** {@return the release this version builds towards: the same numbers without -SNAPSHOT} */
    public Version release()
    {
        return snapshot ? new Version(major, minor, patch, false) : this;
    }

    /**
     * Whether a release numbered like this one may change the API that {@code baseline} published: while the major
     * version is 0, a minor or major release may (0.1 to 0.2) and a patch release may not (0.1.0 to 0.1.1); from
     * 1.0.0 on only a major release may.
     *
     * @param baseline an earlier release.
     * @return true when this version may break its API.
     */
    public boolean mayBreak(final Version baseline)
    {
        if (major != baseline.major)
        {
            return major > baseline.major;
        }
        return major == 0 && minor > baseline.minor;
    }

    /** {@return the next minor release after this one, e.g. 0.2.0 after 0.1.3} */
    public Version nextMinor()
    {
        return new Version(major, minor + 1, 0, false);
    }

    /** {@return the next major release after this one, e.g. 2.0.0 after 1.4.2} */
    public Version nextMajor()
    {
        return new Version(major + 1, 0, 0, false);
    }

    /** Orders by the three numbers; a snapshot counts as the release it builds towards. */
    @Override
    public int compareTo(final Version other)
    {
        final int byMajor = Integer.compare(major, other.major);
        if (byMajor != 0)
        {
            return byMajor;
        }
        final int byMinor = Integer.compare(minor, other.minor);
        return byMinor != 0 ? byMinor : Integer.compare(patch, other.patch);
    }

    /** {@return the version as the POMs spell it} */
    @Override
    public String toString()
    {
        return major + "." + minor + "." + patch + (snapshot ? SNAPSHOT : "");
    }
}
