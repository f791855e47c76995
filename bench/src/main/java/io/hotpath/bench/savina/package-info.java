/**
 * Ports of Savina's actor benchmarks, each written against {@link io.hotpath.bench.savina.ActorRuntime} and run on
 * Hotpath and on Pekko classic actors at the suite's default sizes: the micro family here (PingPong, Counting,
 * ThreadRing, Chameneos, Fork-Join throughput and creation, Big), the concurrency family in
 * {@link io.hotpath.bench.savina.concurrency} and the parallelism family in
 * {@link io.hotpath.bench.savina.parallelism}.
 * {@link io.hotpath.bench.savina.SavinaSuite} lists them; {@link io.hotpath.bench.savina.SavinaMain} runs them side by
 * side ({@code java -jar bench/target/hotpath-bench.jar savina}), the implementations taking turns run by run, and
 * reports a table, a JSON file and a plot (docs/SAVINA.md).
 * <p>
 * Rules of the ports: an actor's state is touched only by its handler; addresses an actor needs from its
 * neighbours are read from an array the starting thread fills before its first send (the send publishes it);
 * messages are pre-allocated where the protocol lets one owner re-use them, the same on both runtimes; a turn that
 * sends a long run of messages goes through an {@link io.hotpath.bench.savina.Outflow}, so a bounded runtime is not
 * asked to take more than it holds; each run ends by completing a future with a figure the benchmark checks (a count,
 * a hop, a sum of meetings, the digest of a final state), and the runner then counts the runtime's dead letters, which
 * must be none.
 */
package io.hotpath.bench.savina;
