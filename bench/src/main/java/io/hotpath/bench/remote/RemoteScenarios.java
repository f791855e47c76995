package io.hotpath.bench.remote;

import io.hotpath.bench.harness.Scenario;
import io.hotpath.bench.harness.ScenarioKind;

import java.util.List;

/**
 * The remote rows of the harness: two nodes in this JVM, one actor (or thread) each. Stateless.
 */
public final class RemoteScenarios
{
    /** Selector of every remote row. */
    public static final String SELECTOR = "remote";
    /** Round trip over IPC (shared memory, one media driver). */
    public static final String PINGPONG_IPC = "remote-pingpong-ipc";
    /** Round trip over UDP on 127.0.0.1, a media driver per node. */
    public static final String PINGPONG_UDP = "remote-pingpong-udp";
    /** One sender to one receiver over UDP on 127.0.0.1, as fast as back pressure allows. */
    public static final String BLAST_UDP = "remote-blast-udp";

    private RemoteScenarios()
    {
    }

    /**
     * @return the remote rows, in run order.
     */
    public static List<Scenario> catalogue()
    {
        return List.of(
            new Scenario(PINGPONG_IPC, ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null, true),
            new Scenario(PINGPONG_UDP, ScenarioKind.REMOTE_ROUND_TRIP, 1, false, 0, null, true),
            new Scenario(BLAST_UDP, ScenarioKind.REMOTE_BLAST, 0, false, 0, null, false));
    }

    /**
     * @param scenario a remote row.
     * @return true when it runs over IPC.
     */
    static boolean ipc(final Scenario scenario)
    {
        return scenario.name().endsWith("-ipc");
    }
}
