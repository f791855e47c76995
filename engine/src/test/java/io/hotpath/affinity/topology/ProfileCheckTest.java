package io.hotpath.affinity.topology;

import io.hotpath.affinity.AffinityProfile;
import io.hotpath.affinity.CpuSet;

import static io.hotpath.affinity.TestProfiles.CONFIG;
import static io.hotpath.affinity.TestProfiles.parse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hotpath.EngineConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileCheckTest
{
    @TempDir
    static Path dir;

    private static CpuTopology vm;
    private static CpuTopology laptop;
    private static CpuTopology server;

    @BeforeAll
    static void topologies() throws IOException
    {
        vm = CpuTopology.read(SysfsFixture.vm());
        laptop = CpuTopology.read(SysfsFixture.laptop(Files.createDirectory(dir.resolve("laptop"))));
        server = CpuTopology.read(SysfsFixture.server(Files.createDirectory(dir.resolve("server"))));
    }

    @Test
    void shippedProfilesFitTheMachinesTheyAreFor()
    {
        assertEquals(List.of(), check(shipped("default"), vm));
        assertEquals(List.of(), check(shipped("default"), server));
        assertEquals(List.of(), check(shipped("two-core"), vm));
        assertEquals(List.of(), check(shipped("two-core"), laptop));
        assertEquals(List.of(), check(shipped("isolated-16"), server));
    }

    @Test
    void theServerProfileDoesNotFitTheVm()
    {
        final List<Finding> findings = check(shipped("isolated-16"), vm);
        assertFalse(ProfileCheck.passes(findings));
        assertTrue(has(findings, Finding.Severity.ERROR,
            "worker.0.cpu=4: CPU 4 does not exist; this machine has CPUs 0-1"), findings.toString());
        assertTrue(has(findings, Finding.Severity.ERROR,
            "jvm.cpus=0-1,8-9: CPUs 8-9 do not exist; this machine has CPUs 0-1"), findings.toString());
    }

    @Test
    void aCpuNotAllowedToTheProcessIsAnError()
    {
        final List<Finding> findings = check(parse("workers=2\nworker.1.cpu=7\n"), server.withAllowed(CpuSet.parse("0-1")));
        assertEquals(List.of(new Finding(Finding.Severity.ERROR, "worker.1.cpu",
            "worker.1.cpu=7: CPU 7 is not allowed to this process; allowed CPUs are 0-1")), findings);
    }

    @Test
    void isolatedCpusOutsideTheStartingMaskAreFineWithinTheCpuset() throws IOException
    {
        final Path root = SysfsFixture.server(Files.createDirectory(dir.resolve("isolcpus")));
        Files.writeString(root.resolve("proc/self/status"), "Cpus_allowed_list:\t0-1,8-9\n");
        Files.writeString(root.resolve("proc/self/cgroup"), "0::/\n");
        Files.writeString(Files.createDirectories(root.resolve("sys/fs/cgroup")).resolve("cpuset.cpus.effective"), "0-15\n");
        assertEquals(List.of(), check(AffinityProfile.load(CONFIG.resolve("isolated-16.properties")),
            CpuTopology.read(root)));
    }

    @Test
    void anOfflineCpuIsAnError() throws IOException
    {
        final Path root = SysfsFixture.laptop(Files.createDirectory(dir.resolve("offline")));
        Files.writeString(root.resolve("sys/devices/system/cpu/online"), "0-2\n");
        final List<Finding> findings = check(parse("worker.0.cpu=3"), CpuTopology.read(root));
        assertTrue(has(findings, Finding.Severity.ERROR, "worker.0.cpu=3: CPU 3 is offline; online CPUs are 0-2"),
            findings.toString());
    }

    @Test
    void twoWorkersOnOneCpuIsAnError()
    {
        final List<Finding> findings = check(parse("workers=2\nworker.0.cpu=1\nworker.1.cpu=1\n"), vm);
        assertEquals(List.of(new Finding(Finding.Severity.ERROR, "worker.1.cpu",
            "worker.1.cpu=1: CPU 1 is already taken by worker.0; each worker needs a CPU of its own")), findings);
    }

    @Test
    void otherCpusMustBeAllowedAndJvmCpusOnlyWarn()
    {
        final CpuTopology restricted = server.withAllowed(CpuSet.parse("0-3"));
        final List<Finding> findings = check(parse("other.cpus=2-5\njvm.cpus=4-5\n"), restricted);
        assertTrue(has(findings, Finding.Severity.ERROR,
            "other.cpus=2-5: CPUs 4-5 are not allowed to this process; allowed CPUs are 0-3"), findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING,
            "jvm.cpus=4-5: CPUs 4-5 are not allowed to this process; allowed CPUs are 0-3"), findings.toString());
    }

    @Test
    void spinningSmtSiblingsWarn()
    {
        final List<Finding> findings = check(parse("workers=2\nidle=busy-spin\nworker.0.cpu=4\nworker.1.cpu=12\n"), server);
        assertEquals(1, findings.size(), findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.1.cpu=12: spinning worker 1 shares a physical core " +
            "(package 1 core 0) with spinning worker 0 on CPU 4"), findings.toString());
    }

    @Test
    void siblingsThatBackOffDoNotWarn()
    {
        assertEquals(List.of(), check(parse("workers=2\nworker.0.cpu=4\nworker.1.cpu=12\n"), server));
    }

    @Test
    void spinningOnCpuZeroAndOnCpusThatAreNotIsolatedWarns()
    {
        final List<Finding> findings = check(parse("workers=2\nidle=yield\nworker.0.cpu=0\nworker.1.cpu=1\n"), vm);
        assertEquals(3, findings.size(), findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.0.cpu=0: worker 0 spins (yield) on CPU 0, " +
            "which takes most interrupts"), findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.1.cpu=1: worker 1 spins (yield) on CPU 1, " +
            "which is not isolated, so the scheduler will run other threads there; isolated CPUs are none"),
            findings.toString());
        assertTrue(ProfileCheck.passes(findings));
    }

    @Test
    void moreSpinnersThanPhysicalCoresWarns()
    {
        final List<Finding> findings = check(parse("workers=3\nidle=busy-spin\n"), laptop);
        assertTrue(has(findings, Finding.Severity.WARNING,
            "workers=3: 3 workers spin but this process has only 2 physical cores"), findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.2.cpu=none: worker 2 spins (busy-spin) but is not pinned"),
            findings.toString());
    }

    @Test
    void workersOnSeveralNumaNodesWarn()
    {
        final List<Finding> findings = check(parse("workers=2\nworker.0.cpu=2\nworker.1.cpu=4\n"), server);
        assertEquals(List.of(new Finding(Finding.Severity.WARNING, "workers", "workers=2: pinned workers span " +
            "NUMA nodes [0, 1]; messages between them cross the interconnect and memory is remote for some of them")),
            findings);
    }

    @Test
    void otherThreadsOnWorkerCpusWarn()
    {
        final List<Finding> findings = check(
            parse("workers=3\nworker.0.cpu=2\nworker.1.cpu=3\nworker.1.idle=busy-spin\nother.cpus=0-3\n"), server);
        assertEquals(List.of(new Finding(Finding.Severity.WARNING, "other.cpus", "other.cpus=0-3: overlaps the CPUs 3 " +
            "of spinning workers, so the engine's other threads will interrupt them")), findings);
    }

    @Test
    void spinningIsJudgedByTheIdleStrategiesTheEngineWillRun()
    {
        final EngineConfig config = EngineConfig.builder()
            .affinity(CONFIG.resolve("two-core.properties"))
            .idle("busy-spin")
            .build();
        final List<Finding> findings = check(config.affinity(), vm);
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.0.cpu=0: worker 0 spins (busy-spin) on CPU 0"),
            findings.toString());
        assertTrue(has(findings, Finding.Severity.WARNING, "worker.1.cpu=1: worker 1 spins (busy-spin) on CPU 1, " +
            "which is not isolated"), findings.toString());
    }

    @Test
    void errorsComeBeforeWarnings()
    {
        final List<Finding> findings = check(parse("workers=2\nidle=busy-spin\nworker.0.cpu=0\nworker.1.cpu=9\n"), vm);
        assertTrue(findings.get(0).isError(), findings.toString());
        assertFalse(findings.get(findings.size() - 1).isError(), findings.toString());
    }

    private static List<Finding> check(final AffinityProfile profile, final CpuTopology topology)
    {
        return ProfileCheck.check(profile, topology);
    }

    private static AffinityProfile shipped(final String name)
    {
        return AffinityProfile.load(CONFIG.resolve(name + ".properties"));
    }

    private static boolean has(final List<Finding> findings, final Finding.Severity severity, final String prefix)
    {
        return findings.stream().anyMatch(f -> f.severity() == severity && f.message().startsWith(prefix));
    }
}
