package io.hotpath.bench.jmh;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.Actor;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Per-round-trip cost of many requests in flight between two threads: the harness's {@code burst-1000} without its
 * clock reads, histogram and counters, the engine beside the Disruptor. The engine: an initiator actor on worker 0,
 * a responder on worker 1. The Disruptor: a ring each way, the initiator's thread polling the answers and the
 * responder a batch processor. Either way the initiator keeps {@code inFlight} requests going, writes a number into
 * each and reads the answer; the responder copies the number into the answer (the engine's token is the message, the
 * Disruptor's slot holds the copy, as in the harness's written rows).
 * <p>
 * The benchmark thread raises the quota by {@value #ROUND_TRIPS} round trips and parks until the initiator has seen
 * them all, so each invocation is one burst timed per round trip; answers that come back once the quota is sent are
 * held until the next invocation's quota releases them. Run the two one fork at a time, alternately, to compare them
 * at one speed level of the host.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class BurstBenchmark
{
    /** Round trips per invocation. */
    static final int ROUND_TRIPS = 1 << 16;
    private static final VarHandle COUNTER = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int QUOTA = 16;
    private static final int DONE = 32;

    /** A request and its answer: each side writes its field. */
    static final class Token
    {
        long request;
        long answer;
    }

    /**
     * The quota and the round trips done, 128 bytes apart in one array (the benchmark thread writes the first, the
     * initiator the second), and the initiator's own state.
     */
    @State(Scope.Benchmark)
    public abstract static class Burst
    {
        @Param({"1000"})
        public int inFlight;

        private final long[] counters = new long[64];
        private volatile Thread waiter;
        /** The initiator's: requests sent. */
        long sent;
        /** The initiator's: answers read. */
        long done;
        /** The initiator's: the sum of the answers read, published with {@link #done}. */
        long answerSum;

        final long quota()
        {
            return (long)COUNTER.getAcquire(counters, QUOTA);
        }

        /** The initiator read an answer: count it, and wake the benchmark thread when the quota is done. */
        final void answered(final long answer)
        {
            answerSum += answer;
            if (++done == quota())
            {
                COUNTER.setRelease(counters, DONE, done);
                LockSupport.unpark(waiter);
            }
        }

        /** The benchmark thread: raise the quota, release what the initiator holds, wait until all are done. */
        final long run()
        {
            waiter = Thread.currentThread();
            final long end = counters[QUOTA] + ROUND_TRIPS;
            COUNTER.setRelease(counters, QUOTA, end);
            release();
            while ((long)COUNTER.getAcquire(counters, DONE) < end)
            {
                LockSupport.park(this);
            }
            return end;
        }

        /** Tell the initiator that a new quota may release the requests it holds. */
        abstract void release();

        /** @return the sum of the answers read so far; the benchmark thread, after {@link #run}. */
        final long answerSum()
        {
            return answerSum;
        }

        /** Every request of every quota came back once, with its own number as its answer. */
        final void check()
        {
            final long quota = counters[QUOTA];
            if (counters[DONE] != quota || answerSum != quota * (quota + 1) / 2)
            {
                throw new IllegalStateException("round trips lost or wrong: quota " + quota + ", done " +
                    counters[DONE] + ", sum of answers " + answerSum + " (expected " + quota * (quota + 1) / 2 + ")");
            }
        }
    }

    /** The engine: two workers, an actor on each. */
    @State(Scope.Benchmark)
    public static class Hotpath extends Burst
    {
        /** Tells the initiator that a new quota may release what it holds. */
        private static final Token GO = new Token();

        private Engine engine;
        private ActorRef<Token> initiator;

        @Setup(Level.Trial)
        public void setUp()
        {
            engine = Engine.start(EngineConfig.builder().workers(2).idle("busy-spin").build());
            final ActorRef<Token>[] back = newRefs();
            final ActorRef<Token> responder = engine.actor((ActorContext<Token> ctx) -> (Token t) ->
            {
                t.answer = t.request;
                back[0].tell(t);
            }).name("responder").onWorker(1).spawn();
            initiator = engine.actor((ActorContext<Token> ctx) -> new Initiator(responder)).name("initiator")
                .onWorker(0).spawn();
            back[0] = initiator;
        }

        /** Sends the requests, reads the answers, holds the tokens beyond the quota. */
        private final class Initiator implements Actor<Token>
        {
            private final ActorRef<Token> responder;
            private final Token[] held = new Token[inFlight];
            private int holding;

            Initiator(final ActorRef<Token> responder)
            {
                this.responder = responder;
                for (; holding < held.length; holding++)
                {
                    held[holding] = new Token();
                }
            }

            @Override
            public void onMessage(final Token t)
            {
                if (t == GO)
                {
                    final long quota = quota();
                    while (holding > 0 && sent < quota)
                    {
                        request(held[--holding]);
                    }
                    return;
                }
                // a GO the answer lets the benchmark thread send arrives after this turn, with the token held
                answered(t.answer);
                if (sent < quota())
                {
                    request(t);
                }
                else
                {
                    held[holding++] = t;
                }
            }

            private void request(final Token t)
            {
                t.request = ++sent;
                responder.tell(t);
            }
        }

        @Override
        void release()
        {
            initiator.tell(GO);
        }

        @TearDown(Level.Trial)
        public void tearDown()
        {
            engine.close();
            check();
        }

        @SuppressWarnings("unchecked")
        private static ActorRef<Token>[] newRefs()
        {
            return (ActorRef<Token>[])new ActorRef<?>[1];
        }
    }

    /** The Disruptor: a ring each way; the initiator's thread polls answers, the responder is a batch processor. */
    @State(Scope.Benchmark)
    public static class Disruptor extends Burst
    {
        private RingBuffer<Token> requests;
        private BatchEventProcessor<Token> responder;
        private Thread initiatorThread;
        private Thread responderThread;
        private volatile boolean running = true;

        @Setup(Level.Trial)
        public void setUp()
        {
            final int size = Integer.highestOneBit(inFlight) << 2;
            requests = RingBuffer.createSingleProducer(Token::new, size, new BusySpinWaitStrategy());
            final RingBuffer<Token> answers =
                RingBuffer.createSingleProducer(Token::new, size, new BusySpinWaitStrategy());
            responder = new BatchEventProcessorBuilder().build(requests, requests.newBarrier(), (t, seq, end) ->
            {
                final long s = answers.next();
                answers.get(s).answer = t.request;
                answers.publish(s);
            });
            requests.addGatingSequences(responder.getSequence());
            final EventPoller<Token> poller = answers.newPoller();
            answers.addGatingSequences(poller.getSequence());
            responderThread = new Thread(responder, "burst-responder");
            initiatorThread = new Thread(() -> initiate(poller), "burst-initiator");
            responderThread.start();
            initiatorThread.start();
        }

        /** The initiator's thread: read the answers as they come, and send while the quota allows. */
        private void initiate(final EventPoller<Token> poller)
        {
            final EventPoller.Handler<Token> onAnswer = (t, seq, end) ->
            {
                answered(t.answer);
                if (sent < quota())
                {
                    request();
                }
                return true;
            };
            try
            {
                while (running)
                {
                    if (poller.poll(onAnswer) == EventPoller.PollState.IDLE)
                    {
                        Thread.onSpinWait();
                    }
                    // the requests not in flight: answers read once the quota was sent, or never sent yet
                    final long quota = quota();
                    for (long holding = inFlight - (sent - done); holding > 0 && sent < quota; holding--)
                    {
                        request();
                    }
                }
            }
            catch (final Exception ex)
            {
                throw new IllegalStateException(ex);
            }
        }

        private void request()
        {
            final long s = requests.next();
            requests.get(s).request = ++sent;
            requests.publish(s);
        }

        @Override
        void release()
        {
            // the initiator's loop reads the quota
        }

        @TearDown(Level.Trial)
        public void tearDown() throws InterruptedException
        {
            running = false;
            initiatorThread.join();
            responder.halt();
            responderThread.join();
            check();
        }
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public long hotpath(final Hotpath s)
    {
        return s.run();
    }

    @Benchmark
    @OperationsPerInvocation(ROUND_TRIPS)
    public long disruptor(final Disruptor s)
    {
        return s.run();
    }
}
