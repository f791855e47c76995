/**
 * jcstress tests of replies and joins: the single-assignment completion of a {@link io.hotpath.Reply} raced by two
 * completers or by a completer and its timeout, a timer that outlived its ask racing the reply's reuse, and the
 * counting core of {@link io.hotpath.Join}. The replies are real ones, asked of a real actor on a small engine of
 * one embedded worker (no thread) made per test state.
 */
package io.hotpath.jcstress.reply;
