/**
 * Experiments: JMH benchmarks that each answer one question asked while a change to the engine was being weighed, kept
 * so that the answer can be measured again on another machine or JDK. They are not the product's figures (the latency
 * harness and {@link io.hotpath.bench.jmh} give those) and may run no engine code at all; each class's javadoc names
 * the question it answers. Run one through the bench jar by its name, e.g.
 * {@code java -jar bench/target/hotpath-bench.jar jmh StoreCouplingBenchmark}.
 * <p>
 * Rules: as in {@link io.hotpath.bench.jmh}, every spin loop checks {@code Control.stopMeasurement}, and a
 * two-thread shape stays within the two busy threads of the machine these run on.
 */
package io.hotpath.bench.lab;
