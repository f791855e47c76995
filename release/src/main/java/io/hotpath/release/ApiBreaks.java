package io.hotpath.release;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A library's breaks as the CHANGELOG names them: a package no longer exported stands for every break of its types,
 * and a type removed as a whole for its members and the nested types removed with it, so that naming the package or
 * the type names them all. Immutable once built; one thread uses it.
 */
final class ApiBreaks
{
    private final Map<ApiBreak, Integer> heads = new LinkedHashMap<>();

    /** @param breaks every break found, packages first. */
    ApiBreaks(final List<ApiBreak> breaks)
    {
        final Map<String, ApiBreak> packages = new HashMap<>();
        final Map<String, ApiBreak> removedTypes = new HashMap<>();
        for (final ApiBreak b : breaks)
        {
            if (b.kind() == ApiBreak.Kind.PACKAGE)
            {
                packages.put(b.className(), b);
            }
            else if (b.kind() == ApiBreak.Kind.TYPE && b.typeRemoved())
            {
                removedTypes.put(b.className(), b);
            }
        }
        for (final ApiBreak b : breaks)
        {
            final ApiBreak head = head(b, packages, removedTypes);
            heads.merge(head, head == b ? 0 : 1, Integer::sum);
        }
    }

    /** {@return the breaks that stand for themselves and for those within them, in the order found} */
    List<ApiBreak> heads()
    {
        return new ArrayList<>(heads.keySet());
    }

    /** {@return how many other breaks lie within a head: its types' or its members'} */
    int within(final ApiBreak head)
    {
        return heads.getOrDefault(head, 0);
    }

    private static ApiBreak head(final ApiBreak b, final Map<String, ApiBreak> packages,
        final Map<String, ApiBreak> removedTypes)
    {
        if (b.kind() == ApiBreak.Kind.PACKAGE)
        {
            return b;
        }
        final ApiBreak pkg = packages.get(ApiReport.packageOf(b.className()));
        if (pkg != null)
        {
            return pkg;
        }
        if (!b.typeRemoved())
        {
            return b;
        }
        final String name = b.className();
        for (int dollar = name.indexOf('$'); dollar >= 0; dollar = name.indexOf('$', dollar + 1))
        {
            final ApiBreak outer = removedTypes.get(name.substring(0, dollar));
            if (outer != null)
            {
                return outer;
            }
        }
        return b.kind() == ApiBreak.Kind.TYPE ? b : removedTypes.getOrDefault(name, b);
    }
}
