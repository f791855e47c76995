package io.hotpath.bench.savina.parallelism;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Filter Bank (from StreamIt): a producer and a source hand each other S values, one at a time, and the source
 * sends each value into a branch actor that copies it to C channels; each channel is a pipeline of actors, a delay, a
 * FIR filter of Col taps, a sampler, a delay and a second FIR filter, then a tagger; an integrator joins the channels'
 * outputs a step at a time, a combiner adds them up in channel order and a sink takes the sums. An end mark follows
 * the last value down every path. The result is the digest of the sums the sink took, which must equal that of the
 * same stages run on one thread ({@link FilterStage}: the same arithmetic in the same order, so equal to the bit).
 * Immutable.
 *
 * @param simulations S (Savina default 34,816).
 * @param columns     Col, the filters' taps (Savina default 16,384).
 * @param channels    C (Savina default 8).
 */
public record FilterBank(int simulations, int columns, int channels) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final FilterBank DEFAULT = new FilterBank(34_816, 16_384, 8);

    private static final Object NEXT = "next";
    private static final Object BOOT = "boot";
    private static final Object END = "end";
    /** The source's values go round from 0 to this, less one. */
    private static final int MAX_VALUE = 1_000;

    /**
     * @param simulations at least 1.
     * @param columns     at least 2.
     * @param channels    at least 1.
     */
    public FilterBank
    {
        if (simulations < 1 || columns < 2 || channels < 1)
        {
            throw new IllegalArgumentException("FilterBank needs at least 1 simulation, 2 columns and 1 channel, " +
                "not " + simulations + ", " + columns + ", " + channels);
        }
    }

    @Override
    public String name()
    {
        return "FilterBank";
    }

    @Override
    public Family family()
    {
        return Family.PARALLELISM;
    }

    @Override
    public String parameters()
    {
        return "S=" + simulations + " Col=" + columns + " C=" + channels;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address sink = runtime.spawn(self -> new Sink(done));
        final ActorRuntime.Address combine = runtime.spawn(self -> new Combine(sink));
        final ActorRuntime.Address integrator = runtime.spawn(self -> new Integrator(channels, combine));
        final ActorRuntime.Address[] banks = new ActorRuntime.Address[channels];
        for (int c = 0; c < channels; c++)
        {
            final int channel = c;
            ActorRuntime.Address next = runtime.spawn(self -> new Tagger(channel, integrator));
            final List<FilterStage> stages = stages(c);
            for (int s = stages.size() - 1; s >= 0; s--)
            {
                final FilterStage stage = stages.get(s);
                final ActorRuntime.Address to = next;
                next = runtime.spawn(self -> new StageActor(stage, to));
            }
            banks[c] = next;
        }
        final ActorRuntime.Address branches = runtime.spawn(self -> new Branches(banks));
        final ActorRuntime.Address[] producer = new ActorRuntime.Address[1];
        final ActorRuntime.Address source = runtime.spawn(self -> new Source(producer, branches));
        producer[0] = runtime.spawn(self -> new Producer(simulations, source));
        producer[0].tell(NEXT);
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(Digest.reference(this, this::sequentialDigest), result,
            "digest of the sums the sink took against the same stages run on one thread");
    }

    /** Channel c's stages, in order: delay, FIR with H, sampler, delay, FIR with F (Savina's coefficients). */
    private List<FilterStage> stages(final int channel)
    {
        final double[] h = new double[columns];
        final double[] f = new double[columns];
        for (int i = 0; i < columns; i++)
        {
            h[i] = (1.0 * i * columns) + (1.0 * channel * channels) + channel + i + channel + 1;
            f[i] = (1.0 * i * channel) + (1.0 * channel * channel) + channel + i;
        }
        return List.of(new FilterStage.Delay(columns - 1), new FilterStage.Fir(h), new FilterStage.Sample(columns),
            new FilterStage.Delay(columns - 1), new FilterStage.Fir(f));
    }

    /** The source's values, the channels' stages and the combiner's sums, on this thread. */
    private long sequentialDigest()
    {
        final List<List<FilterStage>> banks = new ArrayList<>();
        final List<ArrayDeque<Double>> outputs = new ArrayList<>();
        for (int c = 0; c < channels; c++)
        {
            banks.add(stages(c));
            outputs.add(new ArrayDeque<>());
        }
        int current = 0;
        for (int s = 0; s < simulations; s++)
        {
            final double value = current;
            current = (current + 1) % MAX_VALUE;
            for (int c = 0; c < channels; c++)
            {
                final Double out = through(banks.get(c), value);
                if (out != null)
                {
                    outputs.get(c).add(out);
                }
            }
        }
        long digest = 0;
        while (!outputs.getFirst().isEmpty())
        {
            double sum = 0;
            for (final ArrayDeque<Double> channel : outputs)
            {
                sum += channel.poll();
            }
            digest += Digest.mix(Double.doubleToLongBits(sum));
        }
        return digest;
    }

    private static Double through(final List<FilterStage> stages, final double value)
    {
        double v = value;
        for (final FilterStage stage : stages)
        {
            if (!stage.take(v))
            {
                return null;
            }
            v = stage.output;
        }
        return v;
    }

    /** A value on its way. Immutable. */
    private record Value(double value)
    {
    }

    /** A channel's output, tagged with the channel. Immutable. */
    private record Tagged(int channel, double value)
    {
    }

    /** One step's outputs of every channel, in channel order. Immutable once sent. */
    private record Step(double[] values)
    {
    }

    private static final class Producer implements Actor<Object>
    {
        private final int simulations;
        private final ActorRuntime.Address source;
        private int sent;

        Producer(final int simulations, final ActorRuntime.Address source)
        {
            this.simulations = simulations;
            this.source = source;
        }

        @Override
        public void onMessage(final Object message)
        {
            // NEXT: the source has sent the last value on
            if (sent < simulations)
            {
                sent++;
                source.tell(BOOT);
            }
            else
            {
                source.tell(END);
            }
        }
    }

    private static final class Source implements Actor<Object>
    {
        private final ActorRuntime.Address[] producer;
        private final ActorRuntime.Address branches;
        private int current;

        Source(final ActorRuntime.Address[] producer, final ActorRuntime.Address branches)
        {
            this.producer = producer;
            this.branches = branches;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == END)
            {
                branches.tell(END);
                return;
            }
            branches.tell(new Value(current));
            current = (current + 1) % MAX_VALUE;
            producer[0].tell(NEXT);
        }
    }

    private static final class Branches implements Actor<Object>
    {
        private final ActorRuntime.Address[] banks;

        Branches(final ActorRuntime.Address[] banks)
        {
            this.banks = banks;
        }

        @Override
        public void onMessage(final Object message)
        {
            for (final ActorRuntime.Address bank : banks)
            {
                bank.tell(message);
            }
        }
    }

    private static final class StageActor implements Actor<Object>
    {
        private final FilterStage stage;
        private final ActorRuntime.Address next;

        StageActor(final FilterStage stage, final ActorRuntime.Address next)
        {
            this.stage = stage;
            this.next = next;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == END)
            {
                next.tell(END);
            }
            else if (stage.take(((Value)message).value()))
            {
                next.tell(new Value(stage.output));
            }
        }
    }

    private static final class Tagger implements Actor<Object>
    {
        private final int channel;
        private final ActorRuntime.Address integrator;

        Tagger(final int channel, final ActorRuntime.Address integrator)
        {
            this.channel = channel;
            this.integrator = integrator;
        }

        @Override
        public void onMessage(final Object message)
        {
            integrator.tell(message == END ? END : new Tagged(channel, ((Value)message).value()));
        }
    }

    private static final class Integrator implements Actor<Object>
    {
        private final List<ArrayDeque<Double>> channels = new ArrayList<>();
        private final ActorRuntime.Address combine;
        private int ended;

        Integrator(final int channels, final ActorRuntime.Address combine)
        {
            for (int c = 0; c < channels; c++)
            {
                this.channels.add(new ArrayDeque<>());
            }
            this.combine = combine;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == END)
            {
                if (++ended == channels.size())
                {
                    combine.tell(END);
                }
                return;
            }
            final Tagged tagged = (Tagged)message;
            channels.get(tagged.channel()).add(tagged.value());
            for (final ArrayDeque<Double> channel : channels)
            {
                if (channel.isEmpty())
                {
                    return;
                }
            }
            final double[] step = new double[channels.size()];
            for (int c = 0; c < step.length; c++)
            {
                step[c] = channels.get(c).poll();
            }
            combine.tell(new Step(step));
        }
    }

    private static final class Combine implements Actor<Object>
    {
        private final ActorRuntime.Address sink;

        Combine(final ActorRuntime.Address sink)
        {
            this.sink = sink;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == END)
            {
                sink.tell(END);
                return;
            }
            double sum = 0;
            for (final double v : ((Step)message).values())
            {
                sum += v;
            }
            sink.tell(new Value(sum));
        }
    }

    private static final class Sink implements Actor<Object>
    {
        private final CompletableFuture<Long> done;
        private long digest;

        Sink(final CompletableFuture<Long> done)
        {
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == END)
            {
                done.complete(digest);
                return;
            }
            digest += Digest.mix(Double.doubleToLongBits(((Value)message).value()));
        }
    }
}
