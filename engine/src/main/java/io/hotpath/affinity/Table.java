package io.hotpath.affinity;

/**
 * Left-aligned text columns, the last one unpadded. Stateless, so thread-safe.
 */
final class Table
{
    private Table()
    {
    }

    static String format(final String[][] rows)
    {
        final int columns = rows[0].length;
        final int[] widths = new int[columns];
        for (final String[] row : rows)
        {
            for (int c = 0; c < columns; c++)
            {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        final StringBuilder sb = new StringBuilder();
        for (final String[] row : rows)
        {
            for (int c = 0; c < columns; c++)
            {
                sb.append(row[c]);
                if (c < columns - 1)
                {
                    sb.repeat(' ', widths[c] - row[c].length() + 2);
                }
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
