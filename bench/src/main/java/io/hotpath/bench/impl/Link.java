package io.hotpath.bench.impl;

/**
 * A reference set once after both ends of a cycle exist (A needs B and B needs A). Written by the setting-up thread
 * before any message flows; the first message's publication makes it visible to the reader. NOT thread safe
 * otherwise.
 *
 * @param <T> what it refers to.
 */
final class Link<T>
{
    T ref;
}
