/**
 * Remote actors: two nodes, a book and a risk check, exchanging orders over UDP ({@link
 * io.hotpath.examples.remote.RemoteDemo}). The order ({@link io.hotpath.examples.remote.Order}) crosses the wire
 * through a codec on SBE's generated flyweights ({@link io.hotpath.examples.remote.OrderCodec}); the schema is
 * {@code examples/src/main/sbe/order-example.xml}, and sbe-tool generates the flyweights into
 * {@code io.hotpath.examples.remote.sbe} at every build. Runs with {@code ./hotpath example remote}, which needs the
 * JVM flag of remote actors: the examples' jar names it in its manifest ({@code Add-Opens}).
 */
package io.hotpath.examples.remote;
