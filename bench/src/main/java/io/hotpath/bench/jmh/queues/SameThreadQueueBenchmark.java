package io.hotpath.bench.jmh.queues;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import org.jctools.queues.atomic.MpscAtomicArrayQueue;
import org.jctools.queues.atomic.SpscAtomicArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * Offer then poll on one thread, the queue-only counterpart of the engine's reschedule path: one message per
 * operation, or {@value #BATCH} offered then {@value #BATCH} polled. Each message polled goes to a Blackhole.
 * States per benchmark thread.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SameThreadQueueBenchmark
{
    static final int BATCH = 32;
    private static final int CAPACITY = 1024;
    private static final Object MESSAGE = new Object();

    /** A JCTools atomic array queue. */
    @State(Scope.Thread)
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
    }

    /** A single-producer Disruptor ring read by an EventPoller. */
    @State(Scope.Thread)
    public static class Disruptor
    {
        RingBuffer<Slot> ring;
        EventPoller<Slot> poller;
        EventPoller.Handler<Slot> consume;

        @Setup
        public void setUp(final Blackhole bh)
        {
            ring = Slot.ring(CAPACITY);
            poller = ring.newPoller();
            ring.addGatingSequences(poller.getSequence());
            consume = (slot, sequence, endOfBatch) ->
            {
                bh.consume(slot.message);
                return true;
            };
        }
    }

    @Benchmark
    public void jctoolsOfferPoll(final JcTools s, final Blackhole bh)
    {
        s.q.offer(MESSAGE);
        bh.consume(s.q.poll());
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void jctoolsBatch(final JcTools s, final Blackhole bh)
    {
        final Queue<Object> q = s.q;
        for (int i = 0; i < BATCH; i++)
        {
            q.offer(MESSAGE);
        }
        for (int i = 0; i < BATCH; i++)
        {
            bh.consume(q.poll());
        }
    }

    @Benchmark
    public EventPoller.PollState disruptorPublishPoll(final Disruptor s) throws Exception
    {
        publish(s.ring);
        return s.poller.poll(s.consume);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public EventPoller.PollState disruptorBatch(final Disruptor s) throws Exception
    {
        final RingBuffer<Slot> ring = s.ring;
        for (int i = 0; i < BATCH; i++)
        {
            publish(ring);
        }
        return s.poller.poll(s.consume);
    }

    private static void publish(final RingBuffer<Slot> ring)
    {
        final long sequence = ring.next();
        ring.get(sequence).message = MESSAGE;
        ring.publish(sequence);
    }
}
