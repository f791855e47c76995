package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.Outflow;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Logistic Map Series: S series of the logistic map {@code x' = r x (1 - x)}, series i at rate
 * {@code r0 + i d}, each held by a series actor that asks a rate actor of its own for every next term and waits for
 * the answer, keeping the requests that come meanwhile (a state machine, the same on every runtime). A master asks
 * every series for T terms, all at once, then for its last term. The result is the sum of the last terms, which must
 * equal, bit for bit, that of the same arithmetic done sequentially. Immutable.
 *
 * @param terms     T (Savina default 25,000).
 * @param series    S (Savina default 10).
 * @param startRate r0 (Savina default 3.46).
 * @param increment d (Savina default 0.0025).
 */
public record LogisticMap(int terms, int series, double startRate, double increment) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final LogisticMap DEFAULT = new LogisticMap(25_000, 10, 3.46, 0.0025);

    private static final Object START = "start";
    private static final Object NEXT_TERM = "next-term";
    private static final Object GET_TERM = "get-term";

    /**
     * @param terms     at least 1.
     * @param series    at least 1.
     * @param startRate positive.
     * @param increment not negative.
     */
    public LogisticMap
    {
        if (terms < 1 || series < 1 || !(startRate > 0) || !(increment >= 0))
        {
            throw new IllegalArgumentException("LogisticMap needs at least 1 term and 1 series, a positive rate and " +
                "an increment of at least 0, not " + terms + ", " + series + ", " + startRate + ", " + increment);
        }
    }

    @Override
    public String name()
    {
        return "LogisticMap";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "T=" + terms + " S=" + series + " r0=" + startRate + " d=" + increment;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] all = new ActorRuntime.Address[series];
        final ActorRuntime.Address master = runtime.spawn(self -> new Master(self, terms, all, done));
        for (int i = 0; i < series; i++)
        {
            final int index = i;
            final ActorRuntime.Address[] seriesActor = new ActorRuntime.Address[1];
            final ActorRuntime.Address computer = runtime.spawn(self -> new RateComputer(rate(index), seriesActor));
            seriesActor[0] = runtime.spawn(self -> new Series(index, startTerm(index), computer, master));
            all[i] = seriesActor[0];
        }
        master.tell(START);
        return done;
    }

    @Override
    public String check(final long result)
    {
        final double expected = sequentialSum();
        final double got = Double.longBitsToDouble(result);
        return Double.doubleToLongBits(expected) == result ? null : String.format(Locale.ROOT,
            "sum of the series' last terms: %s, the same arithmetic done sequentially gives %s", got, expected);
    }

    /** Series i's rate. */
    double rate(final int index)
    {
        return startRate + index * increment;
    }

    /** Series i's first term; Savina's choice is not known here, so each series starts at (i + 1) d. */
    double startTerm(final int index)
    {
        return (index + 1) * increment;
    }

    /** The sum of the last terms, computed on this thread, series by series, in the master's order. */
    double sequentialSum()
    {
        double sum = 0;
        for (int i = 0; i < series; i++)
        {
            final double rate = rate(i);
            double term = startTerm(i);
            for (int t = 0; t < terms; t++)
            {
                term = rate * term * (1 - term);
            }
            sum += term;
        }
        return sum;
    }

    /** A series' question to its rate actor: the term after this one. Immutable. */
    private record Compute(double term)
    {
    }

    /** The rate actor's answer. Immutable. */
    private record Computed(double term)
    {
    }

    /** A series' last term, answering {@link #GET_TERM}. Immutable. */
    private record LastTerm(int series, double term)
    {
    }

    private static final class Master implements Actor<Object>
    {
        private final int terms;
        private final ActorRuntime.Address[] series;
        private final CompletableFuture<Long> done;
        private final Outflow out;
        private final double[] lastTerms;
        private long sent;
        private int answers;

        Master(final ActorRuntime.Address self, final int terms, final ActorRuntime.Address[] series,
            final CompletableFuture<Long> done)
        {
            this.terms = terms;
            this.series = series;
            this.done = done;
            this.out = new Outflow(self);
            this.lastTerms = new double[series.length];
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof LastTerm last)
            {
                lastTerms[last.series()] = last.term();
                if (++answers == series.length)
                {
                    double sum = 0;
                    for (final double term : lastTerms)
                    {
                        sum += term;
                    }
                    done.complete(Double.doubleToLongBits(sum));
                }
            }
            else if (message == START || message == Outflow.CONTINUE && out.resume())
            {
                // T rounds of a request to every series, then the question for the last term
                final long total = (long)(terms + 1) * series.length;
                while (sent < total)
                {
                    final boolean last = sent >= (long)terms * series.length;
                    final ActorRuntime.Address to = series[(int)(sent % series.length)];
                    sent++;
                    if (!out.send(to, last ? GET_TERM : NEXT_TERM))
                    {
                        return;
                    }
                }
            }
        }
    }

    private static final class Series implements Actor<Object>
    {
        private final int index;
        private final ActorRuntime.Address computer;
        private final ActorRuntime.Address master;
        private double term;
        private boolean waiting;
        private int kept;
        private boolean lastTermAsked;

        Series(final int index, final double term, final ActorRuntime.Address computer,
            final ActorRuntime.Address master)
        {
            this.index = index;
            this.term = term;
            this.computer = computer;
            this.master = master;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == NEXT_TERM)
            {
                if (waiting)
                {
                    kept++;
                }
                else
                {
                    ask();
                }
            }
            else if (message instanceof Computed computed)
            {
                term = computed.term();
                if (kept > 0)
                {
                    kept--;
                    ask();
                }
                else
                {
                    waiting = false;
                    if (lastTermAsked)
                    {
                        master.tell(new LastTerm(index, term));
                    }
                }
            }
            else if (message == GET_TERM)
            {
                if (waiting)
                {
                    lastTermAsked = true;
                }
                else
                {
                    master.tell(new LastTerm(index, term));
                }
            }
        }

        private void ask()
        {
            waiting = true;
            computer.tell(new Compute(term));
        }
    }

    private static final class RateComputer implements Actor<Object>
    {
        private final double rate;
        private final ActorRuntime.Address[] series;

        RateComputer(final double rate, final ActorRuntime.Address[] series)
        {
            this.rate = rate;
            this.series = series;
        }

        @Override
        public void onMessage(final Object message)
        {
            final double term = ((Compute)message).term();
            series[0].tell(new Computed(rate * term * (1 - term)));
        }
    }
}
