/**
 * jcstress tests of the engine's lock-free state machines, and {@link io.hotpath.jcstress.CheckedMain}, which runs
 * them and fails the build when one fails.
 * <p>
 * Rules of the tests here: each test class's javadoc names the property it proves; every {@code @Outcome} says in
 * its {@code desc} why the outcome is allowed or forbidden; an outcome nobody listed counts as forbidden. Tests use
 * the engine's real classes where they are public and reachable; where they are not, a test-local model copies the
 * protocol line for line and names the engine methods it must be kept in sync with. At most two actors per test
 * plus an arbiter, so every test runs with both actors on a CPU of their own on a two-CPU machine.
 */
package io.hotpath.jcstress;
