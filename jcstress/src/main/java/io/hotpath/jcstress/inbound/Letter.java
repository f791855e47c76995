package io.hotpath.jcstress.inbound;

/**
 * A message that knows the target it was offered with, so a consumer can tell a torn frame (the target of one
 * offer paired with the message of another) from a whole one. Immutable, thread safe.
 */
final class Letter
{
    final Object to;
    final int id;

    Letter(final Object to, final int id)
    {
        this.to = to;
        this.id = id;
    }
}
