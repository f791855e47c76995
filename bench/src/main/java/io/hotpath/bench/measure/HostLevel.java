package io.hotpath.bench.measure;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The speed level of the host's vCPUs around a row that is not paired: the floor's p50 on two threads of its own just
 * before the row started and just after it ended, with the level each falls in ({@link Pairing#levelOf}). A row
 * whose two readings disagree ran while the host moved its vCPUs. Immutable.
 *
 * @param beforeP50Ns the floor's p50 before the row, or null when it could not run.
 * @param afterP50Ns  the floor's p50 after the row, or null.
 */
public record HostLevel(Long beforeP50Ns, Long afterP50Ns) implements Serializable
{
    /**
     * @return e.g. {@code near}, or {@code near>far} when the level changed during the row; {@code ?} when unknown.
     */
    public String label()
    {
        if (beforeP50Ns == null || afterP50Ns == null)
        {
            return "?";
        }
        final String before = Pairing.levelOf(beforeP50Ns);
        final String after = Pairing.levelOf(afterP50Ns);
        return before.equals(after) ? before : before + ">" + after;
    }

    /**
     * @return the JSON object.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("floorBeforeP50Ns", beforeP50Ns);
        m.put("floorAfterP50Ns", afterP50Ns);
        m.put("level", label());
        return m;
    }
}
