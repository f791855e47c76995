package io.hotpath;

/**
 * The engine is closed: it takes no more sends or spawns from outside.
 */
public final class EngineClosedException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    /**
     * Make the exception a send or spawn from outside gets once the engine is closed.
     *
     * @param message says what was refused.
     */
    public EngineClosedException(final String message)
    {
        super(message);
    }
}
