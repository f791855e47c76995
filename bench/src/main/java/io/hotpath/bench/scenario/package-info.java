/**
 * The rows of a race: a {@link io.hotpath.bench.scenario.Scenario} is a named shape of traffic ({@link
 * io.hotpath.bench.scenario.ScenarioKind}) with its parameters, and {@link io.hotpath.bench.scenario.Scenarios} is the
 * catalogue of every row, local and remote, with the names that select them on the command line.
 * <p>
 * Rules: a scenario is an immutable description of what traffic runs, never of how an implementation runs it; the
 * catalogue is the one place a row is named. This package depends on no other package of the bench.
 */
package io.hotpath.bench.scenario;
