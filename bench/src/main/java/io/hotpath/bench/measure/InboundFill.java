package io.hotpath.bench.measure;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How full the engine's inbound queues got during a row, from {@code engine.stats()}: the highest
 * {@code inboundHighWater} over the workers when the measurement began (the warm-up's), and when the row ended, the
 * marks having been reset as the measurement began ({@code Engine.resetHighWater()}), so the most frames queued while
 * measured; beside {@code inbound.capacity}. Immutable.
 *
 * @param capacity          frames in each worker's inbound queue.
 * @param highWaterInWarmup the highest high-water mark when the measurement began: the most queued in the warm-up.
 * @param highWaterMeasured the highest high-water mark when the row ended: the most queued while measured.
 */
public record InboundFill(int capacity, int highWaterInWarmup, int highWaterMeasured) implements Serializable
{
    /**
     * @return true when an inbound queue was full at some moment of the warm-up.
     */
    public boolean saturatedInWarmup()
    {
        return highWaterInWarmup >= capacity;
    }

    /**
     * @return true when an inbound queue was full at some moment while measured.
     */
    public boolean saturatedWhileMeasured()
    {
        return highWaterMeasured >= capacity;
    }

    /**
     * @return the most frames queued while measured, as a share of the capacity (0.25: a quarter full).
     */
    public double measuredShare()
    {
        return (double)highWaterMeasured / capacity;
    }

    /**
     * @return the JSON object.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("capacity", capacity);
        m.put("highWaterInWarmup", highWaterInWarmup);
        m.put("highWaterMeasured", highWaterMeasured);
        m.put("saturatedInWarmup", saturatedInWarmup());
        m.put("saturatedWhileMeasured", saturatedWhileMeasured());
        return m;
    }
}
