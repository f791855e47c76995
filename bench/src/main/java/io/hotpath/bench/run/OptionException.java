package io.hotpath.bench.run;

import java.io.Serial;

/**
 * A command-line option the harness cannot use; its message names the option. The run exits with status 2.
 */
public final class OptionException extends Exception
{
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * @param message names the option and what is allowed.
     */
    public OptionException(final String message)
    {
        super(message);
    }
}
