/**
 * The affinity tool: prints the machine's CPU topology, checks an affinity profile against it and, on
 * request, pins one thread per worker and reports where each really runs. Single-threaded apart from
 * the short-lived verification threads, which hand their reports back through a join.
 */
package io.hotpath.bench.affinity;
