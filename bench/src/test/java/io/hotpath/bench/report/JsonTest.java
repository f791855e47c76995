package io.hotpath.bench.report;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JsonTest
{
    @Test
    void writerEscapesStringsAndWritesNulls()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("text", "a \"quoted\" \\ line\nnext\u0001");
        m.put("none", null);
        m.put("whole", 3.0);
        m.put("fraction", 0.25);
        m.put("list", List.of(1L, "x"));
        final Object back = MiniJson.parse(Json.write(m));
        final Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("text", "a \"quoted\" \\ line\nnext\u0001");
        expected.put("none", null);
        expected.put("whole", 3.0);
        expected.put("fraction", 0.25);
        expected.put("list", List.of(1.0, "x"));
        assertEquals(expected, back);
    }

    @Test
    void aWholeDoubleIsAWholeNumberANanIsNullAndADecimalKeepsItsScale()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("whole", 3.0);
        m.put("nan", Double.NaN);
        m.put("scaled", new BigDecimal("25.000"));
        m.put("empty", List.of());

        assertEquals("{\n  \"whole\": 3,\n  \"nan\": null,\n  \"scaled\": 25.000,\n  \"empty\": []\n}\n",
            Json.write(m));
    }
}
