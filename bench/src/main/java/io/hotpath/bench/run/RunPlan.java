package io.hotpath.bench.run;

import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.scenario.Scenario;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The order of a run's steps (scenario by scenario; within a scenario each repetition; within a repetition each
 * implementation that can express the row, so that a level shift of the host hits every implementation alike, each
 * repetition beginning one implementation further on, so that none always runs first or last), the
 * rows an implementation cannot express, and how long a run takes. Stateless.
 */
final class RunPlan
{
    /** What one step costs beyond its warm-up and measurement: a GC, starting and closing threads or an engine. */
    static final long STEP_OVERHEAD_NS = TimeUnit.MILLISECONDS.toNanos(250);
    /** Starting a Pekko actor system, once per Pekko implementation. */
    static final long ACTOR_SYSTEM_NS = TimeUnit.MILLISECONDS.toNanos(1500);
    /**
     * Starting a row's own JVM with {@code --fork} (its heap pre-touched, its classes loaded, a Pekko row's actor
     * system): the default race took 3 min 45 s with it against 2 min 26 s without, over 57 rows.
     */
    static final long ROW_JVM_NS = TimeUnit.MILLISECONDS.toNanos(1400);
    /** Starting the child JVM and writing the reports. */
    static final long RUN_OVERHEAD_NS = TimeUnit.SECONDS.toNanos(4);

    private RunPlan()
    {
    }

    /**
     * One row run by one implementation.
     *
     * @param scenario the row.
     * @param run      1-based repetition.
     * @param impl     the implementation.
     */
    public record Step(Scenario scenario, int run, BenchImpl impl)
    {
        /**
         * @return the implementation and scenario it runs, {@code impl/scenario}: the first step of a kind in a JVM
         * warms up longer ({@link HarnessOptions#warmupNs(Scenario, boolean)}).
         */
        public String kind()
        {
            return impl.name() + "/" + scenario.name();
        }
    }

    /**
     * @param options what to run.
     * @param context the run's settings.
     * @param impls   the implementations.
     * @return the steps, in run order.
     */
    public static List<Step> steps(final HarnessOptions options, final RunContext context, final List<BenchImpl> impls)
    {
        final List<Step> steps = new ArrayList<>();
        for (final Scenario s : options.scenarios())
        {
            final List<BenchImpl> able = impls.stream().filter((impl) -> impl.supports(s, context)).toList();
            for (int run = 1; run <= options.repeat(); run++)
            {
                // each repetition begins one implementation further on (A B, then B A): no implementation always
                // runs first, right after another scenario, or always last, on code the others have compiled
                for (int i = 0; i < able.size(); i++)
                {
                    steps.add(new Step(s, run, able.get((run - 1 + i) % able.size())));
                }
            }
        }
        return steps;
    }

    /**
     * @param options what to run.
     * @param context the run's settings.
     * @param impls   the implementations.
     * @return per implementation, the selected rows it cannot express (implementations that express all are left
     * out), leaving out a family of rows (local or remote) of which it expresses none: the local implementations
     * do not run the remote rows, nor the remote ones the local rows.
     */
    public static Map<String, List<String>> notExpressible(
        final HarnessOptions options, final RunContext context, final List<BenchImpl> impls)
    {
        final Map<String, List<String>> missing = new LinkedHashMap<>();
        for (final BenchImpl impl : impls)
        {
            boolean local = false;
            boolean remote = false;
            for (final Scenario s : options.scenarios())
            {
                if (impl.supports(s, context))
                {
                    local |= !s.remote();
                    remote |= s.remote();
                }
            }
            for (final Scenario s : options.scenarios())
            {
                if (!impl.supports(s, context) && (s.remote() ? remote : local))
                {
                    missing.computeIfAbsent(impl.name(), (k) -> new ArrayList<>()).add(s.name());
                }
            }
        }
        return missing;
    }

    /**
     * @param options what to run.
     * @return about how long the run takes.
     */
    public static long estimateNs(final HarnessOptions options)
    {
        final RunContext context = new RunContext(options.workers(), options.affinity(), Faults.NONE,
            options.sliceNs());
        final List<BenchImpl> impls = Implementations.create(options.impls(), options.variants());
        long ns = RUN_OVERHEAD_NS;
        final Set<String> warmed = new HashSet<>();
        for (final Step step : steps(options, context, impls))
        {
            // each row is its JVM's first with --fork
            final boolean first = options.fork() || warmed.add(step.kind());
            ns += options.warmupNs(step.scenario(), first) + options.durationNs(step.scenario()) + STEP_OVERHEAD_NS +
                (options.fork() ? ROW_JVM_NS : 0);
        }
        for (final String impl : options.impls())
        {
            ns += impl.startsWith("pekko") ? ACTOR_SYSTEM_NS : 0;
        }
        return ns;
    }
}
