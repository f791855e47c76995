/**
 * Savina's concurrency family: classic concurrency problems whose protocol between actors is the workload (Banking in
 * two styles, Bounded Buffer, Dining Philosophers, Sleeping Barber, Cigarette Smokers, Logistic Map, Concurrent
 * Dictionary, Concurrent Sorted List). Each port is written once against
 * {@link io.hotpath.bench.savina.ActorRuntime}, except the waiting side of
 * {@link io.hotpath.bench.savina.concurrency.BankingAwait}, which each runtime writes in its own idiom.
 * <p>
 * Rules of the ports, beside those of {@link io.hotpath.bench.savina}: every run draws the same pseudo-random
 * sequences (seeded per actor), so its check can replay them on one thread; a port leaves no message in flight when it
 * completes its result, so the dead letters counted then are all it will ever make; a handler that finds the
 * protocol broken (a fork given back twice, a total not conserved) throws, naming what it saw.
 */
package io.hotpath.bench.savina.concurrency;
