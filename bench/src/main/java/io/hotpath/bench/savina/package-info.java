/**
 * Ports of the Savina actor micro-benchmarks that fit an actor engine (PingPong, Counting, ThreadRing, Chameneos,
 * Fork-Join throughput, Big), each written once against {@link io.hotpath.bench.savina.ActorRuntime} and run on
 * Hotpath and on Pekko classic actors, with the suite's default sizes. {@link io.hotpath.bench.savina.SavinaMain}
 * runs them side by side ({@code java -jar bench/target/hotpath-bench.jar savina}).
 * <p>
 * Rules of the ports: an actor's state is touched only by its handler; addresses an actor needs from its
 * neighbours are read from an array the starting thread fills before its first send (the send publishes it);
 * messages are pre-allocated where the protocol lets one owner re-use them, the same on both runtimes; each run
 * ends by completing a future with a figure the benchmark checks (a count, a hop, a sum of meetings).
 */
package io.hotpath.bench.savina;
