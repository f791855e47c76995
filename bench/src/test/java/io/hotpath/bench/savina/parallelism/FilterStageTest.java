package io.hotpath.bench.savina.parallelism;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FilterStageTest
{
    @Test
    void aDelayGivesZerosThenEachValueItsLengthLater()
    {
        assertEquals(List.of(0.0, 0.0, 0.0, 1.0, 2.0), outputs(new FilterStage.Delay(3), 1, 2, 3, 4, 5));
    }

    @Test
    void aFirFilterGivesNothingUntilItsWindowIsFullThenTheSlotsTimesTheReversedCoefficients()
    {
        final FilterStage.Fir fir = new FilterStage.Fir(new double[]{1, 10, 100});

        // slots 1 2 3: 1*100 + 2*10 + 3*1; then 4 takes slot 0: 4*100 + 2*10 + 3*1
        assertEquals(List.of(123.0, 423.0), outputs(fir, 1, 2, 3, 4));
    }

    @Test
    void aSamplerKeepsOneValueInItsRateAndGivesZeroForTheOthers()
    {
        assertEquals(List.of(1.0, 0.0, 0.0, 4.0, 0.0), outputs(new FilterStage.Sample(3), 1, 2, 3, 4, 5));
    }

    private static List<Double> outputs(final FilterStage stage, final double... inputs)
    {
        final List<Double> out = new ArrayList<>();
        for (final double in : inputs)
        {
            if (stage.take(in))
            {
                out.add(stage.output);
            }
        }
        return out;
    }
}
