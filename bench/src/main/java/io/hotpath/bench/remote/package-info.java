/**
 * The implementations of the harness's remote rows (two nodes in one JVM): {@code hotpath-remote} (Hotpath's remote
 * actors on Aeron), {@code aeron-raw} (their floor: raw Aeron, two busy-spinning threads) and {@code pekko-artery}
 * (Pekko's remoting), each a {@link io.hotpath.bench.impl.BenchImpl} like the local ones.
 * <p>
 * Rules: every implementation sends a 32-byte message (raw Aeron on the nodes' channels, with their term length);
 * what a trial set up is closed in reverse order; the remote rows are raced by these implementations only, and they
 * race no other.
 */
package io.hotpath.bench.remote;
