package io.hotpath.bench.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A benchmark state that holds an {@link EmbeddedEngine}, made by the subclass's own trial setup: each iteration's
 * thread claims its worker (JMH may run two iterations on two threads), and the trial's end closes it.
 */
public abstract class EmbeddedState
{
    EmbeddedEngine engine;

    @Setup(Level.Iteration)
    public void claim()
    {
        engine.claim();
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        engine.close();
    }
}
