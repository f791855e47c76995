/**
 * The cluster row ({@code cluster-ask-3-members}) and its implementation {@code hotpath-cluster}: a Hotpath client's
 * ask through three Aeron Cluster members, each a JVM of its own on this machine, to a clustered echo actor, paired
 * with raw Aeron Cluster's own echo through the same members.
 * <p>
 * The members ({@link io.hotpath.bench.cluster.MemberMain}) host one {@code ClusteredService}
 * ({@link io.hotpath.bench.cluster.EchoService}): Hotpath's {@code ActorService} with the echo actor, and beside it
 * raw Aeron Cluster's echo, which offers a raw message back to its session; one log, one set of members' settings.
 * The client's worker alternates the two in slices ({@link io.hotpath.bench.cluster.ClusterSlices}): Hotpath's asks
 * through the cluster client's link, and raw round trips through an {@code AeronCluster} session of its own on the
 * same media driver. Each member counts what each kind of message cost its service thread, in messages and bytes
 * allocated ({@link io.hotpath.bench.cluster.ServiceTally}), and the row prints the bytes per message of the measured
 * stretch.
 * <p>
 * Rules: both sides send the remote rows' 32-byte ping and the echo writes nothing into it; the members and the client
 * run the cluster module's defaults, but where {@link io.hotpath.bench.cluster.MemberMain} says otherwise; what a
 * trial started is closed in reverse order, its member JVMs last, with their directories, and a member whose row's JVM
 * has gone closes by itself (its standard input ends).
 */
package io.hotpath.bench.cluster;
