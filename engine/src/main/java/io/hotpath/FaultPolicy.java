package io.hotpath;

/**
 * What happens to an actor whose handler threw. The default is {@link #resume()}.
 * Immutable and thread safe.
 */
public final class FaultPolicy
{
    private static final FaultPolicy RESUME = new FaultPolicy("resume", false);
    private static final FaultPolicy STOP = new FaultPolicy("stop", true);

    private final String name;
    private final boolean stops;

    private FaultPolicy(final String name, final boolean stops)
    {
        this.name = name;
        this.stops = stops;
    }

    /**
     * @return the policy that skips the failed message and goes on with the next one.
     */
    public static FaultPolicy resume()
    {
        return RESUME;
    }

    /**
     * @return the policy that stops the actor; what is queued for it goes to dead letters.
     */
    public static FaultPolicy stop()
    {
        return STOP;
    }

    /**
     * @return true when the actor is stopped by this policy.
     */
    public boolean stopsActor()
    {
        return stops;
    }

    @Override
    public String toString()
    {
        return name;
    }
}
