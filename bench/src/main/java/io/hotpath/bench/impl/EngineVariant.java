package io.hotpath.bench.impl;

import io.hotpath.ConfigException;
import io.hotpath.EngineConfig;

import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The engine with some settings changed ({@code --variant NAME:KEY=VALUE,...}), raced as an implementation of its own,
 * {@code hotpath:NAME}, right after the engine as the run configures it. Each row of a variant is paired with the
 * floor on its own threads like the engine's, so the two compare level by level within one run: what a change of
 * configuration does on this host. Immutable.
 *
 * @param name     the part after {@code hotpath:}.
 * @param settings engine keys (as listed in {@link EngineConfig}) and their values, in key order, applied after the
 *                 run's own.
 */
public record EngineVariant(String name, Map<String, String> settings)
{
    /** What every variant's implementation name begins with. */
    public static final String PREFIX = "hotpath:";
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");

    /**
     * @param spec {@code NAME:KEY=VALUE[,KEY=VALUE...]}, e.g. {@code nolanes:inbound.laneCapacity=0}.
     * @return the variant, its settings checked as the engine checks them.
     * @throws IllegalArgumentException naming what is wrong: the name, a setting without {@code =}, an unknown key
     *                                  or a value the engine refuses.
     */
    public static EngineVariant parse(final String spec)
    {
        final int colon = spec.indexOf(':');
        if (colon < 0)
        {
            throw new IllegalArgumentException("--variant: '" + spec + "' has no settings; write " +
                "NAME:KEY=VALUE[,KEY=VALUE...], e.g. nolanes:inbound.laneCapacity=0");
        }
        final String name = spec.substring(0, colon);
        if (!NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("--variant: name '" + name + "' must be 1 to 32 of a-z, 0-9 and '-', " +
                "starting with a letter or digit");
        }
        final Map<String, String> settings = new TreeMap<>();
        for (final String setting : spec.substring(colon + 1).split(","))
        {
            final int eq = setting.indexOf('=');
            if (eq <= 0)
            {
                throw new IllegalArgumentException("--variant " + name + ": '" + setting + "' is not KEY=VALUE " +
                    "(keys as listed in EngineConfig, e.g. inbound.laneCapacity=0)");
            }
            final String key = setting.substring(0, eq).trim();
            if (settings.put(key, setting.substring(eq + 1).trim()) != null)
            {
                throw new IllegalArgumentException("--variant " + name + ": " + key + " is set twice");
            }
        }
        final EngineVariant variant = new EngineVariant(name, Collections.unmodifiableMap(settings));
        // checked as the engine checks its settings: a ConfigException names the key and what it takes
        variant.applyTo(EngineConfig.builder()).build();
        return variant;
    }

    /** {@return the spec that {@link #parse} reads back into this variant: NAME:KEY=VALUE[,KEY=VALUE...]} */
    public String spec()
    {
        final StringJoiner spec = new StringJoiner(",", name + ":", "");
        settings.forEach((key, value) -> spec.add(key + "=" + value));
        return spec.toString();
    }

    /** {@return the implementation's name in the tables and the JSON: hotpath:NAME} */
    public String implName()
    {
        return PREFIX + name;
    }

    /**
     * @param config the engine's configuration for a row, as the run makes it.
     * @return the same builder with this variant's settings applied last, so they win.
     * @throws ConfigException when a key is unknown or a value malformed.
     */
    public EngineConfig.Builder applyTo(final EngineConfig.Builder config)
    {
        final Properties props = new Properties();
        props.putAll(settings);
        return config.properties(props, "--variant " + name);
    }
}
