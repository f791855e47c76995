package io.hotpath.testkit;

import java.util.List;

/**
 * The exceptions the actors of a kit's engine threw, kept until the test takes them:
 * {@code kit.faults().expect(IllegalStateException.class)}. NOT thread safe: the kit's test thread only (the engine
 * adds to it from its workers).
 */
public final class FaultLog
{
    private final ActorTestKit kit;
    private final Kept<Fault> kept;

    FaultLog(final ActorTestKit kit, final Kept<Fault> kept)
    {
        this.kit = kit;
        this.kept = kept;
    }

    /** {@return the faults not taken yet, oldest first} */
    public List<Fault> all()
    {
        return kept.all();
    }

    /**
     * Wait for an actor to throw an exception of a type, and take that fault.
     *
     * @param type the exception's type (or a supertype).
     * @return the oldest such fault not yet taken.
     */
    public Fault expect(final Class<? extends Throwable> type)
    {
        return kit.take(kept, f -> type.isInstance(f.error()), "an actor throwing " + type.getName());
    }

    /**
     * Take every fault kept so far, after running the engine until idle.
     *
     * @return them, oldest first.
     */
    public List<Fault> takeAll()
    {
        kit.runUntilIdle();
        return kept.takeAll();
    }

    /** Run the engine until idle, then fail if an actor threw and the test has not taken the fault. */
    public void expectNone()
    {
        kit.expectNone(kept, "faults");
    }
}
