package io.hotpath.bench.measure;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How full the engine's inbound queues got during a row, from {@code engine.stats()}: the highest
 * {@code inboundHighWater} over the workers when the measurement began and when it ended, beside
 * {@code inbound.capacity}. A high-water mark only grows, so a measured row saturated when it reached the capacity
 * after having been below it at the start. Immutable.
 *
 * @param capacity          frames in each worker's inbound queue.
 * @param highWaterAtStart  the highest high-water mark when the measurement began (reached in the warm-up).
 * @param highWaterAtEnd    the highest high-water mark when the row ended.
 */
public record InboundFill(int capacity, int highWaterAtStart, int highWaterAtEnd) implements Serializable
{
    /**
     * @return true when an inbound queue was full at some moment of the warm-up.
     */
    public boolean saturatedInWarmup()
    {
        return highWaterAtStart >= capacity;
    }

    /**
     * @return true when an inbound queue was full at some moment of the row (warm-up included).
     */
    public boolean saturated()
    {
        return highWaterAtEnd >= capacity;
    }

    /**
     * @return the JSON object.
     */
    public Map<String, Object> toJson()
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("capacity", capacity);
        m.put("highWaterAtStart", highWaterAtStart);
        m.put("highWaterAtEnd", highWaterAtEnd);
        m.put("saturatedInWarmup", saturatedInWarmup());
        m.put("saturated", saturated());
        return m;
    }
}
