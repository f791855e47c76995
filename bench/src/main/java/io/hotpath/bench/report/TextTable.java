package io.hotpath.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plain-text table: the first two columns left-aligned, the rest right-aligned, a blank line between groups.
 * Also the number formats every table of the run shares. NOT thread safe.
 */
final class TextTable
{
    /** What a figure that does not apply prints as. */
    static final String DASH = "-";

    private final List<String[]> rows = new ArrayList<>();
    private final List<Integer> breaks = new ArrayList<>();

    /**
     * @param header the column names.
     */
    TextTable(final String... header)
    {
        rows.add(header);
    }

    /** @param cells one row, as many cells as the header. @return this. */
    TextTable row(final String... cells)
    {
        rows.add(cells);
        return this;
    }

    /** Begin a new group: a blank line before the next row. */
    void group()
    {
        if (rows.size() > 1)
        {
            breaks.add(rows.size());
        }
    }

    /** @return true when no row was added below the header. */
    boolean isEmpty()
    {
        return rows.size() == 1;
    }

    /** @param sb receives the table. */
    void render(final StringBuilder sb)
    {
        final int[] width = new int[rows.get(0).length];
        for (final String[] row : rows)
        {
            for (int c = 0; c < row.length; c++)
            {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (int i = 0; i < rows.size(); i++)
        {
            if (breaks.contains(i))
            {
                sb.append('\n');
            }
            final String[] row = rows.get(i);
            for (int c = 0; c < row.length; c++)
            {
                final String pad = " ".repeat(width[c] - row[c].length());
                sb.append(c < 2 ? row[c] + pad : pad + row[c]);
                sb.append(c + 1 < row.length ? "  " : "\n");
            }
        }
    }

    /** @param v nanoseconds or null. @return e.g. {@code 1,234}. */
    static String ns(final Long v)
    {
        return v == null ? DASH : String.format(Locale.ROOT, "%,d", v);
    }

    /** @param v a count or rate, or null. @return e.g. {@code 1,234,567}. */
    static String count(final Number v)
    {
        return v == null ? DASH : String.format(Locale.ROOT, "%,.0f", v.doubleValue());
    }

    /** @param v a percentage or null. @return e.g. {@code 1.5}. */
    static String pct(final Double v)
    {
        return v == null ? DASH : String.format(Locale.ROOT, "%.1f", v);
    }

    /** @param v a ratio. @return e.g. {@code 1.38}. */
    static String ratio(final double v)
    {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
