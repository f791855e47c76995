package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Idle;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A node whose own thread would find no CPU (the engine's busy-spin workers take every CPU the JVM may use) says so
 * once at start, naming the setting that avoids it; a node told to run on a worker, or beside workers that park,
 * says nothing. The node works either way: a remote actor on it answers.
 */
class NodeCpuWarningTest
{
    private static final int MOST_CPUS = 8;

    @Test
    void aNodeBesideBusySpinWorkersOnEveryCpuWarnsOnceAndStillWorks() throws Exception
    {
        final int cpus = Runtime.getRuntime().availableProcessors();
        Assumptions.assumeTrue(cpus <= MOST_CPUS, () -> "this JVM may use " + cpus + " CPUs: the test spins a worker " +
            "on each for a moment and runs only where there are at most " + MOST_CPUS);
        try (RemoteLog log = new RemoteLog();
             Engine engine = Engine.start(EngineConfig.builder().workers(cpus).idle(Idle.BUSY_SPIN).build());
             RemoteNode node = RemoteNode.start(engine, Nodes.udp().build()))
        {
            final List<String> warnings = log.containing("busy-spin workers take all " + cpus + " CPUs");
            assertThat(warnings).hasSize(1);
            assertThat(warnings.getFirst()).contains(node.address().toString())
                .contains(RemoteConfig.CONTROL_WORKER + "=-1").contains("Set " + RemoteConfig.CONTROL_WORKER);
            answers(engine, node);
        }
    }

    @Test
    void aNodeOnAWorkerOrBesideParkingWorkersSaysNothing() throws Exception
    {
        final int cpus = Runtime.getRuntime().availableProcessors();
        Assumptions.assumeTrue(cpus <= MOST_CPUS, () -> "this JVM may use " + cpus + " CPUs: the test spins a worker " +
            "on each for a moment and runs only where there are at most " + MOST_CPUS);
        try (RemoteLog log = new RemoteLog())
        {
            try (Engine engine = Engine.start(EngineConfig.builder().workers(cpus).idle(Idle.BUSY_SPIN).build());
                 RemoteNode node = RemoteNode.start(engine, Nodes.udp().controlWorker(0).build()))
            {
                answers(engine, node);
            }
            try (Engine engine = Nodes.engine();
                 RemoteNode node = RemoteNode.start(engine, Nodes.udp().build()))
            {
                answers(engine, node);
            }
            assertThat(log.containing("busy-spin workers take all")).isEmpty();
        }
    }

    /** A second node resolves an echo actor published on {@code node} and asks it once. */
    private static void answers(final Engine engine, final RemoteNode node) throws Exception
    {
        node.publish("echo", engine.<Integer>actor(ctx -> n -> ctx.reply(n + 1)).spawn());
        try (Engine other = Nodes.engine();
             RemoteNode asker = RemoteNode.start(other, Nodes.udp().build()))
        {
            final ActorRef<Integer> echo = asker.<Integer>resolve(node.address().toString(), "echo")
                .get(Duration.ofSeconds(20));
            assertThat(echo.<Integer>ask(41).get(Duration.ofSeconds(20))).isEqualTo(42);
        }
    }
}
