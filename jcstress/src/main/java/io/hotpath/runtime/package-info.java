/**
 * jcstress tests of the protocols between a worker and the other threads, in the engine's own package so that they
 * drive the real package-private code: the sleep and wake-up handshake ({@code Worker.prepareToPark} against
 * {@code Worker.claimWakeUp}), the embedded worker's owner claim, and the close protocol's quiescence check
 * ({@code Close.quiescent} against a real closing duty cycle). On the class path, where jcstress runs, a package
 * may span two jars.
 * <p>
 * A test's state starts an engine per instance and never closes it (jcstress makes thousands): every engine here
 * runs with JMX and the stall detector off, whose MBeans and watcher thread would keep each one reachable.
 */
package io.hotpath.runtime;
