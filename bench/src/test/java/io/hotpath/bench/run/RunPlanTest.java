package io.hotpath.bench.run;

import io.hotpath.bench.impl.Faults;
import io.hotpath.bench.impl.RunContext;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class RunPlanTest
{
    @Test
    void rowsNotExpressedAreNamedWithinTheFamilyOfRowsAnImplementationRuns() throws OptionException
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{
            "--scenarios", "pingpong-same,blast,remote", "--impls", "hotpath,jctools,hotpath-remote,pekko-artery"});
        final RunContext context = new RunContext(options.workers(), null, Faults.NONE,
            options.sliceNs());
        final Map<String, List<String>> missing = RunPlan.notExpressible(options, context,
            Implementations.create(options.impls()));

        assertFalse(missing.containsKey("hotpath"), missing.toString());
        assertEquals(List.of("pingpong-same"), missing.get("jctools"));
        assertFalse(missing.containsKey("hotpath-remote"), missing.toString());
        // Artery has no IPC, and no node control to place on a worker
        assertEquals(List.of("remote-pingpong-ipc-invoker", "remote-pingpong-ipc-invoker-worker0",
            "remote-pingpong-udp-invoker-worker0", "remote-blast-udp-invoker-worker0"), missing.get("pekko-artery"));
    }

    @Test
    void eachRepetitionBeginsOneImplementationFurtherOnAmongThoseThatExpressTheRow() throws OptionException
    {
        final HarnessOptions options = HarnessOptions.parse(new String[]{
            "--scenarios", "pingpong-same,blast", "--impls", "hotpath,jctools,disruptor", "--repeat", "3"});
        final RunContext context = new RunContext(options.workers(), null, Faults.NONE,
            options.sliceNs());
        final List<String> order = RunPlan.steps(options, context, Implementations.create(options.impls())).stream()
            .map((step) -> step.scenario().name() + " #" + step.run() + " " + step.impl().name())
            .toList();
        assertEquals(List.of(
            // only the engine expresses a ping-pong on one worker
            "pingpong-same #1 hotpath", "pingpong-same #2 hotpath", "pingpong-same #3 hotpath",
            "blast #1 hotpath", "blast #1 jctools", "blast #1 disruptor",
            "blast #2 jctools", "blast #2 disruptor", "blast #2 hotpath",
            "blast #3 disruptor", "blast #3 hotpath", "blast #3 jctools"), order);
    }
}
