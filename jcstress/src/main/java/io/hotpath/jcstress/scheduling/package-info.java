/**
 * jcstress tests of the protocols between a worker and the other threads: the sleep and wake-up handshake, the
 * embedded worker's owner claim, and the close protocol's quiescence check. The wake-up and quiescence tests are
 * models of package-private engine code, each naming the engine methods it copies.
 */
package io.hotpath.jcstress.scheduling;
