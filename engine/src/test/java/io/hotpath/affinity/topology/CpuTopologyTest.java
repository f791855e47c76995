package io.hotpath.affinity.topology;

import io.hotpath.affinity.CpuSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuTopologyTest
{
    @TempDir
    Path dir;

    @Test
    void readsTheRecordedTwoCpuVm()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.vm());
        assertEquals(CpuSet.parse("0-1"), t.present());
        assertEquals(CpuSet.parse("0-1"), t.online());
        assertEquals(CpuSet.parse("0-1"), t.allowed());
        assertEquals(2, t.cores().size());
        assertEquals(CpuSet.EMPTY, t.smtSiblings(0));
        assertEquals(1, t.nodes().size());
        assertEquals(List.of(CpuSet.parse("0-1")), t.l3Groups());
        assertTrue(t.isolated().isEmpty());
        assertTrue(t.nohzFull().isEmpty(), "nohz_full is absent on this VM");
        assertEquals("AMD EPYC", t.model());
    }

    @Test
    void readsALaptopWithSmtSiblings()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.laptop(dir));
        assertEquals(4, t.cpus().size());
        assertEquals(2, t.cores().size());
        assertEquals(new Core(0, 0, CpuSet.of(0, 2)), t.cores().get(0));
        assertEquals(new Core(0, 1, CpuSet.of(1, 3)), t.cores().get(1));
        assertEquals(CpuSet.of(2), t.smtSiblings(0));
        assertEquals(CpuSet.of(1), t.smtSiblings(3));
        assertTrue(t.nohzFull().isEmpty(), "\"(null)\" means no nohz_full CPUs");
        assertEquals(1, t.packages().size());
        assertTrue(t.model().startsWith("Intel(R) Core(TM) i7"));
    }

    @Test
    void readsATwoSocketServerWithNodesAndIsolation()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.server(dir));
        assertEquals(16, t.cpus().size());
        assertEquals(8, t.cores().size());
        assertEquals(CpuSet.parse("0-3,8-11"), t.packages().get(0));
        assertEquals(CpuSet.parse("4-7,12-15"), t.nodes().get(1));
        assertEquals(1, t.nodeOf(13));
        assertEquals(0, t.nodeOf(9));
        assertEquals(-1, t.nodeOf(16));
        assertEquals(CpuSet.of(13), t.smtSiblings(5));
        assertEquals("package 1 core 1", t.coreOf(13).orElseThrow().describe());
        assertEquals(2, t.l3Groups().size());
        assertEquals(CpuSet.parse("2-7,10-15"), t.isolated());
        assertEquals(CpuSet.parse("2-7,10-15"), t.nohzFull());
        assertTrue(t.cpu(16).isEmpty());
    }

    @Test
    void coreIdsRepeatAcrossPackagesButCoresStayDistinct()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.server(dir));
        assertEquals(0, t.cpu(0).orElseThrow().coreId());
        assertEquals(0, t.cpu(4).orElseThrow().coreId());
        assertNotEquals(t.coreOf(0).orElseThrow(), t.coreOf(4).orElseThrow());
    }

    @Test
    void missingFilesTakeDefaultsAndAllowedFallsBackToOnline() throws IOException
    {
        Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpu0"));
        Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpu1"));
        Files.createDirectories(dir.resolve("sys/devices/system/cpu/cpufreq"));
        final CpuTopology t = CpuTopology.read(dir);
        assertEquals(CpuSet.of(0, 1), t.present());
        assertEquals(CpuSet.of(0, 1), t.allowed());
        assertEquals(2, t.cores().size());
        assertEquals(CpuSet.of(0, 1), t.nodes().get(0));
        assertEquals("unknown", t.model());
    }

    @Test
    void offlineCpusArePresentButNotOnline() throws IOException
    {
        SysfsFixture.laptop(dir);
        Files.writeString(dir.resolve("sys/devices/system/cpu/online"), "0-2\n");
        final CpuTopology t = CpuTopology.read(dir);
        assertEquals(CpuSet.parse("0-3"), t.present());
        assertFalse(t.cpu(3).orElseThrow().online());
    }

    @Test
    void allowedCanBeInjected()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.server(dir)).withAllowed(CpuSet.parse("0-7"));
        assertEquals(CpuSet.parse("0-7"), t.allowed());
    }

    @Test
    void cpusetComesFromCgroupV2AndBoundsWhereThreadsMayBePinned() throws IOException
    {
        SysfsFixture.server(dir);
        // isolcpus keeps isolated CPUs out of every process's starting mask, but not out of its cpuset
        Files.writeString(dir.resolve("proc/self/status"), "Cpus_allowed_list:\t0-1,8-9\n");
        Files.writeString(dir.resolve("proc/self/cgroup"), "0::/system.slice/trading.service\n");
        final Path cgroup = Files.createDirectories(dir.resolve("sys/fs/cgroup/system.slice/trading.service"));
        Files.writeString(cgroup.resolve("cpuset.cpus.effective"), "0-15\n");
        final CpuTopology t = CpuTopology.read(dir);
        assertEquals(CpuSet.parse("0-1,8-9"), t.allowed());
        assertEquals(CpuSet.parse("0-15"), t.cpuset());
        assertEquals(CpuSet.parse("0-15"), t.pinnable());
    }

    @Test
    void cpusetComesFromTheCgroupV1Hierarchy() throws IOException
    {
        SysfsFixture.laptop(dir);
        Files.writeString(dir.resolve("proc/self/cgroup"), "4:memory:/x\n3:cpuset,cpu:/docker/abc\n0::/\n");
        final Path cgroup = Files.createDirectories(dir.resolve("sys/fs/cgroup/cpuset/docker/abc"));
        Files.writeString(cgroup.resolve("cpuset.effective_cpus"), "1-2\n");
        final CpuTopology t = CpuTopology.read(dir);
        assertEquals(CpuSet.parse("1-2"), t.cpuset());
        assertEquals(CpuSet.parse("1-2"), t.pinnable());
    }

    @Test
    void withoutACpusetTheAffinityMaskBoundsPinning()
    {
        final CpuTopology t = CpuTopology.read(SysfsFixture.vm());
        assertTrue(t.cpuset().isEmpty());
        assertEquals(t.allowed(), t.pinnable());
    }

    @Test
    void aTreeWithoutCpuDirectoryIsAnError()
    {
        assertThrows(UncheckedIOException.class, () -> CpuTopology.read(dir));
    }

    @Test
    void malformedFilesNameTheFile() throws IOException
    {
        SysfsFixture.laptop(dir);
        Files.writeString(dir.resolve("sys/devices/system/cpu/isolated"), "2-x\n");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> CpuTopology.read(dir));
        assertTrue(ex.getMessage().contains("isolated"), ex.getMessage());
    }

    @Test
    void currentMachineHasTheCallersCpus()
    {
        final CpuTopology t = CpuTopology.current();
        assertTrue(t.present().containsAll(t.allowed()));
        assertEquals(Runtime.getRuntime().availableProcessors(), t.allowed().size());
    }
}
