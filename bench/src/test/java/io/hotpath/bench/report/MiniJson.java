package io.hotpath.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict little JSON reader for the tests of every package that writes JSON: objects keep their key order, numbers
 * are doubles, null is null. Stateless.
 */
public final class MiniJson
{
    private final String text;
    private int at;

    private MiniJson(final String text)
    {
        this.text = text;
    }

    /**
     * @param text one JSON value.
     * @return maps, lists, strings, doubles, booleans and nulls, nested as in the text.
     * @throws IllegalArgumentException where the text is not JSON.
     */
    public static Object parse(final String text)
    {
        final MiniJson p = new MiniJson(text);
        final Object value = p.value();
        p.space();
        if (p.at != text.length())
        {
            throw new IllegalArgumentException("trailing text at " + p.at);
        }
        return value;
    }

    private Object value()
    {
        space();
        final char c = text.charAt(at);
        if (c == '{')
        {
            return object();
        }
        if (c == '[')
        {
            return array();
        }
        if (c == '"')
        {
            return string();
        }
        if (text.startsWith("null", at))
        {
            at += 4;
            return null;
        }
        if (text.startsWith("true", at))
        {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("false", at))
        {
            at += 5;
            return Boolean.FALSE;
        }
        final int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0)
        {
            at++;
        }
        if (start == at)
        {
            throw new IllegalArgumentException("unexpected '" + c + "' at " + at);
        }
        return Double.parseDouble(text.substring(start, at));
    }

    private Map<String, Object> object()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        at++;
        space();
        if (text.charAt(at) == '}')
        {
            at++;
            return m;
        }
        while (true)
        {
            space();
            final String key = string();
            space();
            expect(':');
            if (m.put(key, value()) != null)
            {
                throw new IllegalArgumentException("duplicate key " + key);
            }
            space();
            if (text.charAt(at) == '}')
            {
                at++;
                return m;
            }
            expect(',');
        }
    }

    private List<Object> array()
    {
        final List<Object> list = new ArrayList<>();
        at++;
        space();
        if (text.charAt(at) == ']')
        {
            at++;
            return list;
        }
        while (true)
        {
            list.add(value());
            space();
            if (text.charAt(at) == ']')
            {
                at++;
                return list;
            }
            expect(',');
        }
    }

    private String string()
    {
        expect('"');
        final StringBuilder sb = new StringBuilder();
        while (true)
        {
            final char c = text.charAt(at++);
            if (c == '"')
            {
                return sb.toString();
            }
            if (c == '\\')
            {
                final char e = text.charAt(at++);
                switch (e)
                {
                    case 'n' -> sb.append('\n');
                    case 't' -> sb.append('\t');
                    case 'r' -> sb.append('\r');
                    case 'u' ->
                    {
                        sb.append((char)Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> sb.append(e);
                }
            }
            else
            {
                sb.append(c);
            }
        }
    }

    private void expect(final char c)
    {
        if (text.charAt(at) != c)
        {
            throw new IllegalArgumentException("expected '" + c + "' at " + at + " but found '" + text.charAt(at) + "'");
        }
        at++;
    }

    private void space()
    {
        while (at < text.length() && Character.isWhitespace(text.charAt(at)))
        {
            at++;
        }
    }
}
