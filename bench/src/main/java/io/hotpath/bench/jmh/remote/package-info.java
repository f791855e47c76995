/**
 * JMH benchmarks of the remote path (module remote): cost and allocation per message of a remote tell and ask,
 * driven on one thread through embedded workers. Run with {@code -prof gc}; the forks get Aeron's JVM flag.
 */
package io.hotpath.bench.jmh.remote;
