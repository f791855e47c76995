package io.hotpath;

/**
 * The engine is closed: it takes no more sends or spawns from outside.
 */
public final class EngineClosedException extends IllegalStateException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message says what was refused.
     */
    public EngineClosedException(final String message)
    {
        super(message);
    }
}
