package io.hotpath.bench.report;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The bench's one JSON writer (the harness's summary, the engine's histograms, the Savina suite's results): maps,
 * lists, strings, numbers, booleans and nulls as indented JSON, keys in the map's order. A {@link Double} with no
 * fraction is written as a whole number and one that is not a number as null; any other {@link Number} as its
 * {@code toString()}, so a {@link java.math.BigDecimal} keeps its scale. Stateless.
 */
public final class Json
{
    private Json()
    {
    }

    /**
     * @param value a {@link Map} with string keys, a {@link List}, a {@link CharSequence}, a {@link Number}, a
     *              {@link Boolean} or null, nested freely.
     * @return the JSON text, ending in a newline.
     */
    public static String write(final Object value)
    {
        final StringBuilder sb = new StringBuilder(4096);
        write(sb, value, 0);
        return sb.append('\n').toString();
    }

    private static void write(final StringBuilder sb, final Object value, final int depth)
    {
        switch (value)
        {
            case null -> sb.append("null");
            case Map<?, ?> map -> writeMap(sb, map, depth);
            case List<?> list -> writeList(sb, list, depth);
            case Double d -> sb.append(d.isNaN() || d.isInfinite() ? "null" :
                d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString(d.longValue()) : d.toString());
            case Number n -> sb.append(n);
            case Boolean b -> sb.append(b);
            default -> quote(sb, value.toString());
        }
    }

    private static void writeMap(final StringBuilder sb, final Map<?, ?> map, final int depth)
    {
        if (map.isEmpty())
        {
            sb.append("{}");
            return;
        }
        sb.append('{');
        final Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
        while (it.hasNext())
        {
            final Map.Entry<?, ?> e = it.next();
            newline(sb, depth + 1);
            quote(sb, String.valueOf(e.getKey()));
            sb.append(": ");
            write(sb, e.getValue(), depth + 1);
            if (it.hasNext())
            {
                sb.append(',');
            }
        }
        newline(sb, depth);
        sb.append('}');
    }

    private static void writeList(final StringBuilder sb, final List<?> list, final int depth)
    {
        if (list.isEmpty())
        {
            sb.append("[]");
            return;
        }
        sb.append('[');
        for (int i = 0; i < list.size(); i++)
        {
            newline(sb, depth + 1);
            write(sb, list.get(i), depth + 1);
            if (i + 1 < list.size())
            {
                sb.append(',');
            }
        }
        newline(sb, depth);
        sb.append(']');
    }

    private static void newline(final StringBuilder sb, final int depth)
    {
        sb.append('\n');
        sb.append("  ".repeat(depth));
    }

    private static void quote(final StringBuilder sb, final String s)
    {
        sb.append('"');
        for (int i = 0; i < s.length(); i++)
        {
            final char c = s.charAt(i);
            switch (c)
            {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default ->
                {
                    if (c < 0x20)
                    {
                        sb.append(String.format("\\u%04x", (int)c));
                    }
                    else
                    {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
