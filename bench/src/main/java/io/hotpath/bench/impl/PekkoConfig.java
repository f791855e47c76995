package io.hotpath.bench.impl;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * The Pekko configurations of the bench: Pekko's own defaults (its default dispatcher is a fork-join pool of at least 8
 * threads, which on a 2-CPU machine adds contention), and one whose default dispatcher is sized to the worker count,
 * with an affinity-pool dispatcher of the same size. Both quiet Pekko's logs and leave the JVM's shutdown alone.
 * Stateless.
 */
public final class PekkoConfig
{
    /** The dispatcher of pekko-affinity's actors. */
    static final String AFFINITY_DISPATCHER = "hotpath-bench.affinity-dispatcher";
    /** Messages an actor handles before its thread moves on: Pekko's default. */
    static final int THROUGHPUT = 5;

    private PekkoConfig()
    {
    }

    /** Settings of every configuration here: logs and shutdown only. */
    private static final String QUIET = """
        pekko {
          loglevel = "WARNING"
          stdout-loglevel = "WARNING"
          log-dead-letters = off
          log-dead-letters-during-shutdown = off
          jvm-exit-on-fatal-error = off
          coordinated-shutdown.run-by-jvm-shutdown-hook = off
        }
        """;

    /**
     * @return Pekko's own configuration (its default dispatcher as it is), with the logs quiet.
     */
    public static Config pekkoDefaults()
    {
        return ConfigFactory.parseString(QUIET).withFallback(ConfigFactory.load());
    }

    /**
     * @param workers threads of each pool.
     * @return the configuration, on top of Pekko's reference.conf.
     */
    public static Config create(final int workers)
    {
        final String text = """
            pekko {
              loglevel = "WARNING"
              stdout-loglevel = "WARNING"
              log-dead-letters = off
              log-dead-letters-during-shutdown = off
              jvm-exit-on-fatal-error = off
              coordinated-shutdown.run-by-jvm-shutdown-hook = off
              actor.default-dispatcher {
                executor = "fork-join-executor"
                fork-join-executor {
                  parallelism-min = %1$d
                  parallelism-factor = 1.0
                  parallelism-max = %1$d
                }
                throughput = %2$d
              }
            }
            hotpath-bench.affinity-dispatcher {
              type = "Dispatcher"
              executor = "affinity-pool-executor"
              affinity-pool-executor {
                parallelism-min = %1$d
                parallelism-factor = 1.0
                parallelism-max = %1$d
              }
              throughput = %2$d
            }
            """.formatted(workers, THROUGHPUT);
        return ConfigFactory.parseString(text).withFallback(ConfigFactory.load());
    }

    /**
     * @return Pekko's own default dispatcher's settings, for the summary.
     */
    public static String describeDefault()
    {
        final Config fj = ConfigFactory.load().getConfig("pekko.actor.default-dispatcher.fork-join-executor");
        return "Pekko's default dispatcher: fork-join-executor, parallelism-min " + fj.getInt("parallelism-min") +
            ", factor " + fj.getDouble("parallelism-factor") + ", max " + fj.getInt("parallelism-max") +
            ", throughput " + ConfigFactory.load().getInt("pekko.actor.default-dispatcher.throughput");
    }

    /**
     * @param workers threads of the pool.
     * @return the sized default dispatcher's settings, for the summary.
     */
    public static String describeSized(final int workers)
    {
        return "default dispatcher sized to the workers: fork-join-executor, parallelism " + workers +
            " (min = max), throughput " + THROUGHPUT;
    }

    /**
     * @param workers threads of the pool.
     * @return the affinity dispatcher's settings, for the summary.
     */
    public static String describeAffinity(final int workers)
    {
        return "classic actors on affinity-pool-executor, parallelism " + workers + " (min = max), throughput " +
            THROUGHPUT + ", default idle-cpu-level";
    }
}
