package io.hotpath.bench.savina.parallelism;

/**
 * The arithmetic of one stage of a Filter Bank channel, used by the stage's actor and by the sequential reference, so
 * both do the same operations in the same order. NOT thread safe: one owner.
 */
abstract class FilterStage
{
    /** What the stage gave for the last value it took, when {@link #take} said it gave something. */
    double output;

    /**
     * @param value the next input.
     * @return true when the stage gives an output for it (in {@link #output}).
     */
    abstract boolean take(double value);

    /** Gives the value it took {@code length} inputs before, zeros at first. */
    static final class Delay extends FilterStage
    {
        private final double[] state;
        private int place;

        Delay(final int length)
        {
            state = new double[length];
        }

        @Override
        boolean take(final double value)
        {
            output = state[place];
            state[place] = value;
            place = place + 1 == state.length ? 0 : place + 1;
            return true;
        }
    }

    /**
     * Savina's finite impulse response filter: once its window of {@code coefficients.length} inputs is full, every
     * input gives the sum of the window's slots, in slot order, times the coefficients in reverse order.
     */
    static final class Fir extends FilterStage
    {
        private final double[] coefficients;
        private final double[] data;
        private int place;
        private boolean full;

        Fir(final double[] coefficients)
        {
            this.coefficients = coefficients;
            this.data = new double[coefficients.length];
        }

        @Override
        boolean take(final double value)
        {
            data[place++] = value;
            if (place == data.length)
            {
                full = true;
                place = 0;
            }
            if (!full)
            {
                return false;
            }
            final int last = data.length - 1;
            double sum = 0;
            for (int i = 0; i <= last; i++)
            {
                sum += data[i] * coefficients[last - i];
            }
            output = sum;
            return true;
        }
    }

    /** Keeps one input in {@code rate} and gives 0 for the others (down-sample then up-sample). */
    static final class Sample extends FilterStage
    {
        private final int rate;
        private int received;

        Sample(final int rate)
        {
            this.rate = rate;
        }

        @Override
        boolean take(final double value)
        {
            output = received == 0 ? value : 0;
            received = received + 1 == rate ? 0 : received + 1;
            return true;
        }
    }
}
