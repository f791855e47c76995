/**
 * JMH benchmarks of the engine's per-message cost on each delivery path, with a plain megamorphic interface call
 * as the baseline. Run them through the bench jar, e.g.
 * {@code java -jar bench/target/hotpath-bench.jar jmh -prof gc 'io.hotpath.bench.jmh.*'}; {@code -prof gc}
 * shows bytes allocated per message, which must read 0 on every engine path.
 * <p>
 * Every benchmark that waits for another thread spins with {@code Control.stopMeasurement} in its loop, so an
 * iteration ends even when the other side has already stopped. Each state checks at tear-down that the engine
 * really took the path the benchmark names (from the engine's counters), so a figure never describes another path.
 * Thread counts stay within two busy threads, the size of the machine these run on.
 */
package io.hotpath.bench.jmh;
