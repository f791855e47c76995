/**
 * The implementations of the harness's remote rows (two nodes in one JVM): {@code hotpath-remote} (Hotpath's remote
 * actors on Aeron), {@code aeron-raw} (their floor: raw Aeron, two busy-spinning threads) and {@code pekko-artery}
 * (Pekko's remoting), each a {@link io.hotpath.bench.impl.BenchImpl} like the local ones.
 * <p>
 * The remote rows are paired: {@code hotpath-remote} alternates with raw Aeron in slices on the nodes' two worker
 * threads ({@link io.hotpath.bench.remote.RawSlices}), and its pairs are grouped by the level of raw Aeron's round
 * trip ({@link io.hotpath.bench.remote.RemoteLevels}); {@code aeron-raw} runs the same raw sides
 * ({@link io.hotpath.bench.remote.RawSide}) on threads of its own, as a row of its own.
 * <p>
 * Rules: every implementation sends a 32-byte message (raw Aeron on the nodes' channels, with their term length and
 * MTU, the remote module's defaults); a row's name says its transport and driver mode, and everything else is the
 * engine's and the remote module's default; what a trial set up is closed in reverse order, raw Aeron after the
 * engines whose workers run it; the remote rows are raced by these implementations only, and they race no other.
 */
package io.hotpath.bench.remote;
