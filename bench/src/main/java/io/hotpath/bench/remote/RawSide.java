package io.hotpath.bench.remote;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.logbuffer.BufferClaim;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.AgentInvoker;

import java.nio.ByteOrder;

/**
 * One side of raw Aeron ({@link RawAeron}): the media driver it runs (or none), its client, the exclusive publication
 * it sends on and the subscription it polls, and the rounds of its loops, which the {@code aeron-raw} rows' threads
 * and the raw slices of the paired {@code hotpath-remote} rows both run. As a node does, it runs an IPC driver and its
 * client conductor every {@value #SPARSE_MASK}+1 rounds, a UDP driver (on the data path) every round. The message is
 * {@value Ping#LENGTH} bytes: a ping carries its send time and a sequence, its echo the same bytes with the thread
 * that answered written in, as Hotpath's ping and pong do. NOT thread safe: run by one thread at a time.
 */
final class RawSide
{
    private static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;
    private static final int SPARSE_MASK = 15;
    /** Most pings an echo round answers. */
    private static final int ECHO_LIMIT = 16;
    /** Most messages a receiving round takes. */
    private static final int RECEIVE_LIMIT = 256;
    /** Most messages a blasting round claims. */
    private static final int BLAST_LIMIT = 64;

    private final AgentInvoker driver;
    private final boolean udp;
    private final Aeron aeron;
    private final ExclusivePublication pub;
    private final Subscription sub;
    private final BufferClaim claim = new BufferClaim();
    private final FragmentHandler onPong = this::pong;
    private final FragmentHandler onPing = this::echo;
    private int rounds;
    private boolean awaiting;
    /** The sequence of the ping whose echo {@link #roundTrip} awaits. */
    private long awaitedSequence;
    private long pongStampNs;
    private long pongEndNs;
    private long answeredBy;

    /**
     * @param driver the driver this side runs, or null.
     * @param udp    true when that driver carries UDP (it is then run every round).
     * @param aeron  this side's client, its conductor run by this side.
     * @param pub    what this side sends on.
     * @param sub    what this side polls.
     */
    RawSide(final AgentInvoker driver, final boolean udp, final Aeron aeron, final ExclusivePublication pub,
        final Subscription sub)
    {
        this.driver = driver;
        this.udp = udp;
        this.aeron = aeron;
        this.pub = pub;
        this.sub = sub;
    }

    /** @return true once this side's publication has a subscriber. */
    boolean connected()
    {
        return pub.isConnected();
    }

    /**
     * Run the driver and the client conductor when their round has come.
     *
     * @return the work they did.
     */
    int duty()
    {
        final boolean sparse = (++rounds & SPARSE_MASK) == 0;
        return (driver != null && (udp || sparse) ? driver.invoke() : 0) +
            (sparse ? aeron.conductorAgentInvoker().invoke() : 0);
    }

    /**
     * Initiator: send a ping stamped now and await its echo, a round (duty, poll) at a time.
     *
     * @param sequence  the ping's sequence; an echo of another is ignored.
     * @param timeoutNs how long to wait for room to send and for the echo.
     * @return the round trip, ns, or -1 when no echo came within {@code timeoutNs}.
     */
    long roundTrip(final long sequence, final long timeoutNs)
    {
        final long giveUpNs = System.nanoTime() + timeoutNs;
        while (pub.tryClaim(Ping.LENGTH, claim) < 0)
        {
            duty();
            if (System.nanoTime() - giveUpNs > 0)
            {
                return -1;
            }
        }
        claim.buffer().putLong(claim.offset(), System.nanoTime(), ORDER);
        claim.buffer().putLong(claim.offset() + 16, sequence, ORDER);
        claim.commit();
        awaitedSequence = sequence;
        awaiting = true;
        int polls = 0;
        do
        {
            duty();
            sub.poll(onPong, 1);
            if ((++polls & SPARSE_MASK) == 0 && System.nanoTime() - giveUpNs > 0)
            {
                awaiting = false;
                return -1;
            }
        }
        while (awaiting);
        return pongEndNs - pongStampNs;
    }

    /** @return when the last echo arrived (System.nanoTime()). */
    long pongEndNs()
    {
        return pongEndNs;
    }

    /** @return when the last echoed ping was sent (System.nanoTime()). */
    long pongStampNs()
    {
        return pongStampNs;
    }

    /** @return the thread that answered the last ping. */
    long answeredBy()
    {
        return answeredBy;
    }

    /**
     * Responder: one round, answering the pings that have arrived.
     *
     * @return pings answered.
     */
    int echoRound()
    {
        duty();
        return sub.poll(onPing, ECHO_LIMIT);
    }

    /**
     * Sender: one round, claiming and committing as many messages as the publication takes, up to a batch.
     *
     * @return messages sent.
     */
    int blastRound()
    {
        duty();
        int n = 0;
        while (n < BLAST_LIMIT && pub.tryClaim(Ping.LENGTH, claim) > 0)
        {
            claim.buffer().putLong(claim.offset(), n, ORDER);
            claim.commit();
            n++;
        }
        return n;
    }

    /**
     * Receiver: one round, taking what has arrived.
     *
     * @param handler told of each message.
     * @return messages taken.
     */
    int receiveRound(final FragmentHandler handler)
    {
        duty();
        return sub.poll(handler, RECEIVE_LIMIT);
    }

    private void pong(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (buffer.getLong(offset + 16, ORDER) != awaitedSequence)
        {
            // the echo of a ping given up on: it arrived too late to count
            return;
        }
        pongEndNs = System.nanoTime();
        pongStampNs = buffer.getLong(offset, ORDER);
        answeredBy = buffer.getLong(offset + 8, ORDER);
        awaiting = false;
    }

    private void echo(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        while (pub.tryClaim(Ping.LENGTH, claim) < 0)
        {
            duty();
        }
        claim.buffer().putBytes(claim.offset(), buffer, offset, Ping.LENGTH);
        claim.buffer().putLong(claim.offset() + 8, Thread.currentThread().threadId(), ORDER);
        claim.commit();
    }
}
