package io.hotpath.bench.cluster;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.remote.Ping;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;
import io.hotpath.cluster.ClusterClient;
import io.hotpath.cluster.ClusterClientConfig;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hotpath's clustered actors in the cluster row: three members in JVMs of their own on this machine's loopback
 * ({@link ThreeMembers}), each hosting the echo actor ({@link EchoActor}) beside raw Aeron Cluster's echo
 * ({@link EchoService}); in this JVM a client engine of one worker, the cluster client's link on it, and an actor on
 * the same worker asking the echo actor ({@link Asker}). Paired: raw Aeron Cluster's echo, through a session of its
 * own on the same media driver, alternates with the asks in slices on that worker ({@link ClusterSlices}), and the
 * pairs are grouped by the level of raw Aeron Cluster's round trip ({@link ClusterLevels}). Used by the driver thread.
 */
public final class HotpathClusterBench implements BenchImpl
{
    @Override
    public String name()
    {
        return "hotpath-cluster";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        return scenario.kind() == ScenarioKind.CLUSTER_ROUND_TRIP;
    }

    /**
     * @return the cluster row's settings worth recording in the summary.
     */
    public static Map<String, Object> settings()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("hotpath-cluster", "three members in JVMs of their own (" + String.join(" ", MemberProcess.FLAGS) +
            ", this JVM's collector) on 127.0.0.1 UDP, each wired as ClusterMember's defaults (embedded media driver " +
            "and archive on shared threads, backoff idling, its term lengths and channels; drivers on /dev/shm) with " +
            "a leader heartbeat timeout of " + MemberMain.LEADER_HEARTBEAT_TIMEOUT.toMillis() + " ms, hosting " +
            "an ActorService with an echo actor that answers the 32-byte Ping it is asked; the client: an engine of " +
            "one worker (the run's idle strategy), ClusterClient's defaults (its embedded driver), an actor on the " +
            "link's worker asking with a reused Reply; paired: raw Aeron Cluster's echo (a ClusteredService offering " +
            "each 32-byte message back, beside the ActorService in the same members, and an AeronCluster session on " +
            "the client's driver with the same channels) alternates with it in slices on the client's worker");
        return m;
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final ThreeMembers members = ThreeMembers.start(scenario.idle());
        final ClusterTrial trial = new ClusterTrial(members);
        try
        {
            final Engine engine = trial.engine(Engine.start(context.engineConfig().workers(1).build()));
            final ClusterClientConfig config = ClusterClientConfig.defaults(EchoActor.codecs(), members.endpoints())
                .withDriverDir(members.driverDir("client")).withIdle(scenario.idle());
            final ClusterClient client = trial.client(ClusterClient.connect(config, engine));
            final ActorRef<Ping> echo = client.actor(EchoActor.NAME);
            // the client's embedded driver keeps its files in "aeron" under the directory it was given
            final RawEcho raw = trial.raw(RawEcho.connect(config.driverDir().resolve("aeron").toString(), config));
            probe.floorLevels(ClusterLevels.BOUNDS);
            final Asker asker = new Asker(echo, probe, probe.newSender());
            final ActorRef<Object> ref = engine.<Object>actor(ctx -> asker).name("cluster-asker")
                .onWorker(config.worker()).spawn();
            trial.asker(asker);
            ref.tell(new ClusterSlices(probe, context.sliceNs(), raw));
            return trial;
        }
        catch (final RuntimeException ex)
        {
            trial.close();
            throw ex;
        }
    }
}
