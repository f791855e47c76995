package io.hotpath.examples.bank;

/**
 * A withdrawal larger than the balance: thrown by the account, it travels back to whoever asked as the exception of
 * the reply. Immutable.
 */
public final class InsufficientFundsException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param account the account's name.
     * @param amount  what was asked for.
     * @param balance what there was.
     */
    public InsufficientFundsException(final String account, final long amount, final long balance)
    {
        super("account '" + account + "' has " + balance + ", cannot withdraw " + amount);
    }
}
