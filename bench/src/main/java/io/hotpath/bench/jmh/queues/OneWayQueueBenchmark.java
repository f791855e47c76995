package io.hotpath.bench.jmh.queues;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.hotpath.inbound.FrameHandler;
import io.hotpath.inbound.FrameQueue;
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
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.Control;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * One producer thread, one consumer thread, messages flowing one way: the queue-only counterpart of the engine's
 * cross-thread {@code oneWay}. The producer spins while the queue is full, the consumer while it is empty, so each
 * side's time per operation is the time per message of the pair; read the producer's figure ({@code offer},
 * {@code publish}, {@code laneOffer}). The engine's lane between two workers is raced here too, without the engine
 * around it: the part of the engine's {@code CrossWorkerBenchmark.blast} that is the queue. States shared by the
 * group's two threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class OneWayQueueBenchmark
{
    private static final int CAPACITY = 16_384;
    private static final Object MESSAGE = new Object();

    /** A JCTools atomic array queue. */
    @State(Scope.Group)
    public static class JcTools
    {
        @Param({"spsc", "mpsc"})
        public String queue;

        Queue<Object> q;

        @Setup
        public void setUp()
        {
            q = "spsc".equals(queue) ? new SpscAtomicArrayQueue<>(CAPACITY) : new MpscAtomicArrayQueue<>(CAPACITY);
        }

        @TearDown(Level.Iteration)
        public void drain()
        {
            q.clear();
        }
    }

    /** A single-producer Disruptor ring read by an EventPoller that takes one event per call. */
    @State(Scope.Group)
    public static class Disruptor
    {
        RingBuffer<Slot> ring;
        EventPoller<Slot> poller;
        EventPoller.Handler<Slot> takeOne;
        Object taken;

        @Setup
        public void setUp()
        {
            ring = Slot.ring(CAPACITY);
            poller = ring.newPoller();
            ring.addGatingSequences(poller.getSequence());
            takeOne = (slot, sequence, endOfBatch) ->
            {
                taken = slot.message;
                return false;
            };
        }

        @TearDown(Level.Iteration)
        public void drain() throws Exception
        {
            while (poller.poll(takeOne) == EventPoller.PollState.PROCESSING)
            {
                taken = null;
            }
        }
    }

    /** The engine's lane from one worker to another, drained one frame per call like the others here. */
    @State(Scope.Group)
    public static class Lane implements FrameHandler
    {
        final OneToOneFrameQueue lane = new OneToOneFrameQueue(CAPACITY);
        Object taken;

        @Override
        public boolean onFrame(final Object target, final Object message)
        {
            taken = message;
            return true;
        }

        @TearDown(Level.Iteration)
        public void drain()
        {
            while (lane.drain(this, CAPACITY) > 0)
            {
                taken = null;
            }
        }
    }

    @Benchmark
    @Group("lane")
    @GroupThreads(1)
    public boolean laneOffer(final Lane s, final Control control)
    {
        final OneToOneFrameQueue lane = s.lane;
        while (lane.offer(s, MESSAGE) != FrameQueue.OK)
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
    @Group("lane")
    @GroupThreads(1)
    public Object laneTake(final Lane s, final Control control)
    {
        while (s.lane.drain(s, 1) == 0)
        {
            if (control.stopMeasurement)
            {
                return null;
            }
            Thread.onSpinWait();
        }
        return s.taken;
    }

    @Benchmark
    @Group("jctools")
    @GroupThreads(1)
    public boolean offer(final JcTools s, final Control control)
    {
        final Queue<Object> q = s.q;
        while (!q.offer(MESSAGE))
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
    public Object poll(final JcTools s, final Control control)
    {
        final Queue<Object> q = s.q;
        Object message;
        while ((message = q.poll()) == null)
        {
            if (control.stopMeasurement)
            {
                return null;
            }
            Thread.onSpinWait();
        }
        return message;
    }

    @Benchmark
    @Group("disruptor")
    @GroupThreads(1)
    public boolean publish(final Disruptor s, final Control control)
    {
        final RingBuffer<Slot> ring = s.ring;
        while (!ring.hasAvailableCapacity(1))
        {
            if (control.stopMeasurement)
            {
                return false;
            }
            Thread.onSpinWait();
        }
        // the single producer checked for room, so next() cannot block
        final long sequence = ring.next();
        ring.get(sequence).message = MESSAGE;
        ring.publish(sequence);
        return true;
    }

    @Benchmark
    @Group("disruptor")
    @GroupThreads(1)
    public Object take(final Disruptor s, final Control control, final Blackhole bh) throws Exception
    {
        while (s.poller.poll(s.takeOne) != EventPoller.PollState.PROCESSING)
        {
            if (control.stopMeasurement)
            {
                return null;
            }
            Thread.onSpinWait();
        }
        return s.taken;
    }
}
