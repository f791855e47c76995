/**
 * Tests of a service's actors on an engine the test controls: {@link io.hotpath.testkit.ActorTestKit} starts an
 * engine on virtual time whose every worker is embedded and run by the kit only while the test waits for it, one
 * worker at a time; {@link io.hotpath.testkit.TestProbe} receives and asserts messages; the kit keeps the engine's
 * dead letters and faults for the test to assert.
 * <p>
 * Threading: each kit and its probes belong to the one test thread that started the kit. The workers run on
 * threads of their own (one each, named as the worker), never at the same time as each other or as the test's own
 * code, so a test may read its actors' plain fields between two of its calls. Threads outside the engine may send
 * to its actors at any time, as in production; what they send is taken when the workers next run.
 */
package io.hotpath.testkit;
