package io.hotpath.examples.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.Terminated;
import io.hotpath.examples.remote.sbe.Side;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Two nodes in one JVM, talking UDP over the loopback interface: a book on one, a risk check on the other. The risk
 * node resolves the book by address and name, tells it a buy, asks it to match a sell and watches it; the book node
 * resolves the risk check and asks it about two orders; then the book stops, and the risk node's watch fires.
 * Orders cross the wire through their SBE-generated codec ({@link OrderCodec}). Main thread only.
 */
public final class RemoteDemo
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    /**
     * What the demo saw.
     *
     * @param filled        the quantity the book answered for the sell the risk node asked it to match.
     * @param smallApproved the risk check's answer to the book node about an order under its limit.
     * @param largeApproved its answer about an order over its limit.
     * @param gone          what the risk node's watch of the book said when the book stopped.
     */
    public record Outcome(long filled, boolean smallApproved, boolean largeApproved, String gone)
    {
    }

    private RemoteDemo()
    {
    }

    /**
     * @param args none.
     */
    public static void main(final String[] args)
    {
        run(freeUdpAddress(), freeUdpAddress(), System.out::println);
    }

    /**
     * Start both nodes, exchange the orders, stop the book, and close both nodes and their engines.
     *
     * @param bookAddress where the book's node listens, e.g. {@code udp://127.0.0.1:40100}.
     * @param riskAddress where the risk check's node listens.
     * @param out         told what happens, from the main thread and from the actors' workers.
     * @return what happened.
     */
    public static Outcome run(final String bookAddress, final String riskAddress, final Consumer<String> out)
    {
        final Codecs codecs = OrderCodec.register(Codecs.builder()).build();
        try (Engine bookEngine = Engine.start(engineConfig("book"));
             RemoteNode bookNode = RemoteNode.start(bookEngine, RemoteConfig.builder().address(bookAddress)
                 .codecs(codecs).build());
             Engine riskEngine = Engine.start(engineConfig("risk"));
             RemoteNode riskNode = RemoteNode.start(riskEngine, RemoteConfig.builder().address(riskAddress)
                 .codecs(codecs).build()))
        {
            final ActorRef<Order> localBook = bookEngine.spawn("book", (ActorContext<Order> ctx) -> new Book(ctx, out));
            bookNode.publish("book", localBook);
            riskNode.publish("risk", riskEngine.spawn("risk", (ActorContext<Order> ctx) -> (Order o) ->
                ctx.reply(o.quantity() < 1_000)));
            out.accept("book node at " + bookNode.address() + ", risk node at " + riskNode.address());

            // the risk node: the book is an ordinary ActorRef once resolved
            final ActorRef<Order> book = riskNode.<Order>resolve(bookAddress, "book").get(WAIT);
            out.accept("risk node: resolved " + book.name());
            book.tell(new Order(1, 7, Side.BUY, 10_050, 100));          // one frame, written in place (tryClaim)
            final Reply<Long> filled = book.ask(new Order(2, 7, Side.SELL, 10_040, 50));
            final Reply<Terminated> watch = riskEngine.watch(book);
            final long filledQuantity = filled.get(WAIT);
            out.accept("risk node: the book filled " + filledQuantity + " of order 2");

            // the book node: asks the other way
            final ActorRef<Order> risk = bookNode.<Order>resolve(riskAddress, "risk").get(WAIT);
            final boolean small = risk.<Boolean>ask(new Order(3, 7, Side.BUY, 10_000, 999)).get(WAIT);
            final boolean large = risk.<Boolean>ask(new Order(4, 7, Side.BUY, 10_000, 5_000)).get(WAIT);
            out.accept("book node: " + risk.name() + " approves 999: " + small + ", 5000: " + large);

            bookEngine.stop(localBook).get(WAIT);
            final String gone = watch.get(WAIT).actor().name() + " is gone";
            out.accept("risk node: " + gone);
            return new Outcome(filledQuantity, small, large, gone);
        }
    }

    /**
     * {@return a UDP address on 127.0.0.1 whose port was free a moment ago}
     */
    public static String freeUdpAddress()
    {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return "udp://127.0.0.1:" + socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Two workers that park when idle: the two nodes share the machine with whatever else runs there. A run this
     * short is all cold start (classes loading, the embedded driver mapping its files on the control worker), whose
     * long first turns the stall detector would report with stacks at its default threshold; a service that runs
     * long keeps the default and sees only real stalls.
     */
    private static EngineConfig engineConfig(final String name)
    {
        return EngineConfig.builder().workers(2).idle("backoff").engineName(name)
            .stallThresholdNs(TimeUnit.SECONDS.toNanos(1)).build();
    }
}
