package io.hotpath.bench.jmh.queues;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.OneToOneFrameQueue;
import org.jctools.queues.atomic.MpscAtomicArrayQueue;
import org.jctools.queues.atomic.SpscAtomicArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * Two threads passing one message back and forth through a pair of queues (JCTools', the Disruptor's rings, the
 * engine's own lanes), one round trip per operation: the queue-only counterpart of the engine's round trip between
 * two workers ({@code WorkerRoundTripBenchmark}). Both sides spin and leave their loops on
 * {@code Control.stopMeasurement} (after JMH's sample 18). Once it is set the ping side sends nothing more: JMH
 * keeps calling both methods until both threads have left the measurement (warm-down), and pings sent then, with
 * no one answering, would fill the ring and block its producer. Each iteration ends by emptying both queues, so a
 * message stranded when one side left cannot put two in flight. States shared by the group's two threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PingPongQueueBenchmark
{
    private static final int CAPACITY = 1024;
    private static final Object MESSAGE = new Object();

    /** A pair of JCTools atomic array queues. */
    @State(Scope.Group)
    public static class JcTools
    {
        @Param({"spsc", "mpsc"})
        public String queue;

        Queue<Object> ping;
        Queue<Object> pong;

        @Setup
        public void setUp()
        {
            ping = create(queue);
            pong = create(queue);
        }

        @TearDown(Level.Iteration)
        public void drain()
        {
            ping.clear();
            pong.clear();
        }

        private static Queue<Object> create(final String kind)
        {
            return "spsc".equals(kind) ? new SpscAtomicArrayQueue<>(CAPACITY) : new MpscAtomicArrayQueue<>(CAPACITY);
        }
    }

    /** A pair of single-producer Disruptor rings, each read by an EventPoller. */
    @State(Scope.Group)
    public static class Disruptor
    {
        RingBuffer<Slot> pingRing;
        RingBuffer<Slot> pongRing;
        EventPoller<Slot> pingPoller;
        EventPoller<Slot> pongPoller;
        final EventPoller.Handler<Slot> takeOne = (slot, sequence, endOfBatch) -> false;

        @Setup
        public void setUp()
        {
            pingRing = Slot.ring(CAPACITY);
            pongRing = Slot.ring(CAPACITY);
            pingPoller = pingRing.newPoller();
            pongPoller = pongRing.newPoller();
            pingRing.addGatingSequences(pingPoller.getSequence());
            pongRing.addGatingSequences(pongPoller.getSequence());
        }

        @TearDown(Level.Iteration)
        public void drain() throws Exception
        {
            while (pingPoller.poll(takeOne) == EventPoller.PollState.PROCESSING)
            {
                Thread.onSpinWait();
            }
            while (pongPoller.poll(takeOne) == EventPoller.PollState.PROCESSING)
            {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * A pair of the engine's lanes (a worker's lane to another), each drained one frame at a time by the engine's own
     * drain, with or without the fence the engine's sender makes after a lone frame
     * ({@link OneToOneFrameQueue#fenceLoneFrame}).
     */
    @State(Scope.Group)
    public static class Lane
    {
        /** Fence after each frame, as the engine fences a lone frame to a busy-spin worker. */
        @Param({"false", "true"})
        public boolean fence;

        final OneToOneFrameQueue ping = new OneToOneFrameQueue(CAPACITY);
        final OneToOneFrameQueue pong = new OneToOneFrameQueue(CAPACITY);
        final FrameHandler takeOne = (target, message) -> false;

        @TearDown(Level.Iteration)
        public void drain()
        {
            while (ping.drain(takeOne, CAPACITY) > 0 || pong.drain(takeOne, CAPACITY) > 0)
            {
                Thread.onSpinWait();
            }
        }
    }

    /**
     * A side's own count of its sends, standing for its worker's duty cycle in {@code fenceLoneFrame}: a state per
     * thread (JMH pads it), so the two sides' counts share no cache line.
     */
    @State(Scope.Thread)
    public static class Cycle
    {
        long n;
    }

    @Benchmark
    @Group("lane")
    @GroupThreads(1)
    public boolean pingLane(final Lane s, final Cycle cycle, final Control control)
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        s.ping.offer(s, MESSAGE);
        if (s.fence)
        {
            s.ping.fenceLoneFrame(++cycle.n, 1);
        }
        return await(s.pong, s.takeOne, control);
    }

    @Benchmark
    @Group("lane")
    @GroupThreads(1)
    public boolean pongLane(final Lane s, final Cycle cycle, final Control control)
    {
        if (await(s.ping, s.takeOne, control))
        {
            s.pong.offer(s, MESSAGE);
            if (s.fence)
            {
                s.pong.fenceLoneFrame(++cycle.n, 1);
            }
            return true;
        }
        return false;
    }

    private static boolean await(final OneToOneFrameQueue q, final FrameHandler takeOne, final Control control)
    {
        while (q.drain(takeOne, 1) == 0)
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    @Benchmark
    @Group("jctools")
    @GroupThreads(1)
    public boolean ping(final JcTools s, final Control control)
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        s.ping.offer(MESSAGE);
        return await(s.pong, control);
    }

    @Benchmark
    @Group("jctools")
    @GroupThreads(1)
    public boolean pong(final JcTools s, final Control control)
    {
        if (await(s.ping, control))
        {
            s.pong.offer(MESSAGE);
            return true;
        }
        return false;
    }

    @Benchmark
    @Group("disruptor")
    @GroupThreads(1)
    public boolean pingRing(final Disruptor s, final Control control) throws Exception
    {
        if (control.stopMeasurement)
        {
            return false;
        }
        publish(s.pingRing);
        return await(s.pongPoller, s.takeOne, control);
    }

    @Benchmark
    @Group("disruptor")
    @GroupThreads(1)
    public boolean pongRing(final Disruptor s, final Control control) throws Exception
    {
        if (await(s.pingPoller, s.takeOne, control))
        {
            publish(s.pongRing);
            return true;
        }
        return false;
    }

    private static boolean await(final Queue<Object> q, final Control control)
    {
        while (q.poll() == null)
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    private static boolean await(
        final EventPoller<Slot> poller, final EventPoller.Handler<Slot> takeOne, final Control control)
        throws Exception
    {
        while (poller.poll(takeOne) != EventPoller.PollState.PROCESSING)
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /** One message in flight per ring, so a ring of {@value #CAPACITY} always has room and next() never waits. */
    private static void publish(final RingBuffer<Slot> ring)
    {
        final long sequence = ring.next();
        ring.get(sequence).message = MESSAGE;
        ring.publish(sequence);
    }
}
