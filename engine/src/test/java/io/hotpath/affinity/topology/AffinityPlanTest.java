package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;
import io.hotpath.affinity.PinReport;
import io.hotpath.affinity.PinResult;

import static io.hotpath.affinity.TestProfiles.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AffinityPlanTest
{
    @TempDir
    Path dir;

    @Test
    void eachWorkerLineShowsCoreSiblingsNodeAndCache()
    {
        final CpuTopology server = CpuTopology.read(SysfsFixture.server(dir));
        final AffinityPlan plan = AffinityPlan.of(
            parse("workers=3\nworker.0.cpu=5\nworker.0.idle=busy-spin\nworker.1.cpu=99\nother.cpus=0-1\n"), server);
        final List<String> lines = plan.lines();
        assertEquals(List.of(
            "worker 0 -> CPU 5 -> package 1 core 1, SMT siblings 13, NUMA node 1, L3 shared with 4-7,12-15, " +
                "isolated, nohz_full; idle busy-spin",
            "worker 1 -> CPU 99 -> no such CPU here; idle backoff",
            "worker 2 -> unpinned (any of CPUs 0-15); idle backoff",
            "other threads -> CPUs 0-1",
            "JVM GC/JIT threads (advice) -> no advice"), lines);
        final AffinityPlan.Placement p = plan.placements().get(0);
        assertEquals(new Core(1, 1, CpuSet.of(5, 13)), p.core());
        assertEquals(1, p.node());
    }

    @Test
    void verifyAcceptsWorkersWhereThePlanSays()
    {
        final AffinityPlan plan = AffinityPlan.of(parse("workers=2\nworker.0.cpu=1\n"), CpuTopology.read(SysfsFixture.vm()));
        final List<PinReport> reports = List.of(
            report(0, CpuSet.of(1), CpuSet.of(1), 1, true, ""),
            report(1, CpuSet.EMPTY, CpuSet.of(0, 1), 0, true, ""));
        assertEquals(List.of(), plan.verify(reports));
    }

    @Test
    void verifyNamesEveryWorkerThatIsNotWhereThePlanSays()
    {
        final AffinityPlan plan = AffinityPlan.of(
            parse("workers=4\nworker.0.cpu=1\nworker.1.cpu=0\nworker.2.cpu=1\n"), CpuTopology.read(SysfsFixture.vm()));
        final List<PinReport> reports = List.of(
            report(0, CpuSet.of(1), CpuSet.of(0, 1), 1, true, ""),
            report(1, CpuSet.of(0), CpuSet.of(0), 1, true, ""),
            report(2, CpuSet.of(1), CpuSet.of(0, 1), 0, false, "sched_setaffinity(1) failed: EPERM"));
        final List<Finding> findings = plan.verify(reports);
        assertEquals(4, findings.size(), findings.toString());
        assertEquals("worker.0.cpu=1: hp-worker-0 has mask 0-1 instead of 1", findings.get(0).message());
        assertEquals("worker.1.cpu=0: hp-worker-1 last ran on CPU 1 instead of 0", findings.get(1).message());
        assertEquals("worker.2.cpu=1: hp-worker-2 was not pinned: sched_setaffinity(1) failed: EPERM",
            findings.get(2).message());
        assertEquals("worker.3.cpu=none: no report from worker 3", findings.get(3).message());
    }

    @Test
    void reportTableHasAHeaderAndOneAlignedLinePerThread()
    {
        final String table = PinReport.table(List.of(
            report(0, CpuSet.of(1), CpuSet.of(1), 1, true, ""),
            report(11, CpuSet.EMPTY, CpuSet.of(0, 1), 0, true, ""),
            new PinReport(-1, "hp-timer", new PinResult(CpuSet.of(7), CpuSet.EMPTY, -1, -1, false, "EINVAL"))));
        assertEquals("""
            worker  thread        tid   requested  mask  on cpu  pinned
            0       hp-worker-0   4242  1          1     1       yes
            11      hp-worker-11  4242  none       0-1   0       not asked
            -       hp-timer      ?     7          ?     ?       NO: EINVAL
            """, table);
    }

    @Test
    void workerReportOnThisMachineNamesTheThread() throws InterruptedException
    {
        final PinReport[] holder = new PinReport[1];
        final Thread thread = Thread.ofPlatform().name("hp-worker-7").start(
            () -> holder[0] = PinReport.pinCurrentWorker(7, AffinityProfile.NO_CPU, false));
        thread.join();
        assertEquals("hp-worker-7", holder[0].threadName());
        assertEquals(7, holder[0].worker());
        assertTrue(holder[0].ok(), holder[0].toString());
        assertEquals(-1, holder[0].requestedCpu());
    }

    private static PinReport report(
        final int worker, final CpuSet requested, final CpuSet mask, final int lastCpu, final boolean ok, final String error)
    {
        return new PinReport(worker, "hp-worker-" + worker, new PinResult(requested, mask, 4242, lastCpu, ok, error));
    }
}
