package io.hotpath.affinity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class AffinityProfileTest
{
    static final Path CONFIG = Path.of("..", "affinity-config");

    @Test
    void emptyPropertiesGiveTheDefaults()
    {
        final AffinityProfile p = parse("");
        assertEquals(AffinityProfile.WORKERS_DEFAULT, p.workers());
        assertEquals(AffinityProfile.NO_CPU, p.cpu(0));
        assertEquals(AffinityProfile.IDLE_DEFAULT, p.idle(0));
        assertEquals(AffinityProfile.MANDATORY_DEFAULT, p.mandatory());
        assertTrue(p.otherCpus().isEmpty());
        assertTrue(p.jvmCpus().isEmpty());
        assertEquals(AffinityProfile.defaults().toProperties(), p.toProperties());
    }

    @Test
    void parsesEveryKey()
    {
        final AffinityProfile p = parse("""
            workers=3
            idle=yield
            worker.0.cpu=2
            worker.0.idle=busy-spin
            worker.2.cpu=none
            worker.2.idle=park
            mandatory=TRUE
            other.cpus=0-1
            jvm.cpus=0-1,8-9
            description=three workers
            """);
        assertEquals("test", p.name());
        assertEquals(3, p.workers());
        assertEquals(2, p.cpu(0));
        assertEquals(-1, p.cpu(1));
        assertEquals(-1, p.cpu(2));
        assertEquals("busy-spin", p.idle(0));
        assertEquals("yield", p.idle(1), "the idle key is the default of every worker");
        assertEquals("park", p.idle(2));
        assertTrue(p.spins(0));
        assertTrue(p.spins(1));
        assertFalse(p.spins(2));
        assertTrue(p.mandatory());
        assertEquals(CpuSet.parse("0-1"), p.otherCpus());
        assertEquals(CpuSet.parse("0-1,8-9"), p.jvmCpus());
        assertEquals(CpuSet.of(2), p.workerCpus());
        assertEquals("three workers", p.description());
    }

    @Test
    void effectivePropertiesParseBackToAnEqualProfile()
    {
        final AffinityProfile p = parse("workers=2\nworker.1.cpu=5\nidle=busy-spin\nother.cpus=0\n");
        assertEquals(p, AffinityProfile.parse(p.toProperties(), "test"));
    }

    @Test
    void builderMatchesParsing()
    {
        final AffinityProfile built = AffinityProfile.builder().name("test").workers(2).cpu(1, 5).idle("busy-spin")
            .otherCpus(CpuSet.of(0)).build();
        assertEquals(parse("workers=2\nworker.1.cpu=5\nidle=busy-spin\nother.cpus=0\n"), built);
    }

    @Test
    void unknownKeyIsNamedWithTheKnownOnes()
    {
        final AffinityConfigException ex = fails("workers=1\nworker.cpus=1\n");
        assertEquals(1, ex.problems().size());
        assertTrue(ex.problems().get(0).startsWith("worker.cpus=1: unknown key; known keys are workers,"), ex.getMessage());
        assertTrue(fails("wrokers=2").getMessage().contains("wrokers=2: unknown key"));
        assertTrue(fails("worker.x.cpu=2").getMessage().contains("worker.x.cpu=2: unknown key"));
    }

    @Test
    void malformedValuesAreNamedWithWhatIsAllowed()
    {
        assertTrue(fails("workers=two").getMessage().contains("workers=two: the number of workers must be a whole number 1..1024"));
        assertTrue(fails("workers=0").getMessage().contains("workers=0:"));
        assertTrue(fails("workers=-1").getMessage().contains("workers=-1:"));
        assertTrue(fails("worker.0.cpu=x").getMessage().contains("worker.0.cpu=x: a CPU is a number 0..65535 or none"));
        assertTrue(fails("worker.0.cpu=-2").getMessage().contains("worker.0.cpu=-2:"));
        assertTrue(fails("worker.0.idle=spin").getMessage()
            .contains("worker.0.idle=spin: unknown idle strategy; allowed are busy-spin, yield, backoff, park"));
        assertTrue(fails("idle=Busy-Spin").getMessage().contains("idle=Busy-Spin: unknown idle strategy"));
        assertTrue(fails("mandatory=yes").getMessage().contains("mandatory=yes: must be true or false"));
        assertTrue(fails("other.cpus=0-a").getMessage().contains("other.cpus=0-a: \"0-a\" is not a cpu list"));
        assertTrue(fails("jvm.cpus=3-1").getMessage().contains("jvm.cpus=3-1: \"3-1\" is not a cpu list: range 3-1 runs backwards"));
    }

    @Test
    void workerIndexBeyondTheWorkerCountIsAnError()
    {
        final AffinityConfigException ex = fails("workers=2\nworker.2.cpu=1\nworker.5.idle=park\n");
        assertEquals(2, ex.problems().size(), ex.getMessage());
        assertTrue(ex.problems().contains(
            "worker.2.cpu=1: worker 2 does not exist; workers=2 allows worker.0 to worker.1"), ex.getMessage());
        assertTrue(ex.getMessage().startsWith("affinity profile test has 2 problems:"));
    }

    @Test
    void everyProblemIsReportedAtOnce()
    {
        final AffinityConfigException ex = fails("workers=2\nbogus=1\nmandatory=maybe\nworker.1.idle=fast\n");
        assertEquals(3, ex.problems().size(), ex.getMessage());
    }

    @Test
    void aMissingPerWorkerCpuIsFineWhenOthersHaveOne()
    {
        final AffinityProfile p = parse("workers=3\nworker.0.cpu=0\nworker.2.cpu=1\n");
        assertEquals(-1, p.cpu(1));
    }

    @Test
    void shippedProfilesLoad()
    {
        final AffinityProfile def = AffinityProfile.load(CONFIG.resolve("default.properties"));
        assertEquals("default", def.name());
        assertEquals(1, def.workers());
        assertEquals(-1, def.cpu(0));
        assertEquals("backoff", def.idle(0));
        assertFalse(def.mandatory());

        final AffinityProfile two = AffinityProfile.load(CONFIG.resolve("two-core.properties"));
        assertEquals(2, two.workers());
        assertEquals(CpuSet.of(0, 1), two.workerCpus());

        final AffinityProfile sixteen = AffinityProfile.load(CONFIG.resolve("isolated-16.properties"));
        assertEquals(4, sixteen.workers());
        assertTrue(sixteen.mandatory());
        assertEquals("busy-spin", sixteen.idle(3));
    }

    @Test
    void loadsFromTheClassPath()
    {
        final AffinityProfile p = AffinityProfile.loadResource("/affinity/test-two-core.properties");
        assertEquals("test-two-core", p.name());
        assertEquals(2, p.workers());
    }

    @Test
    void missingFilesAndResourcesAreIoErrors()
    {
        final UncheckedIOException ex = assertThrows(UncheckedIOException.class,
            () -> AffinityProfile.load(CONFIG.resolve("nope.properties")));
        assertTrue(ex.getMessage().contains("nope.properties"));
        assertThrows(UncheckedIOException.class, () -> AffinityProfile.loadResource("affinity/nope.properties"));
    }

    static AffinityProfile parse(final String text)
    {
        return AffinityProfile.parse(properties(text), "test");
    }

    static Properties properties(final String text)
    {
        final Properties properties = new Properties();
        try
        {
            properties.load(new StringReader(text));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return properties;
    }

    private static AffinityConfigException fails(final String text)
    {
        return assertThrows(AffinityConfigException.class, () -> parse(text));
    }
}
