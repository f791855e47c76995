package io.hotpath.jcstress.reply;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.Reply;
import io.hotpath.WorkerInvoker;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * An ask from outside the engine whose question the actor asked has taken and kept ({@code ctx.replyLater()}), so
 * the reply is what a replier holds: pending, with its target set, and with a timeout on the worker's timer wheel
 * when asked with one. One small engine per instance: its only worker is embedded, so it starts no thread, and the
 * thread that builds it drives it.
 * <p>
 * Not thread safe: built on one thread, then its reply is raced by the test's actors.
 */
final class KeptAsk
{
    /** Long enough that the wheel never fires it during a test: a test fires it with {@link #fireTimer}. */
    static final Duration TIMEOUT = Duration.ofHours(1);
    static final int NOT_DONE = 0;
    static final int VALUE = 1;
    static final int FAILED = 2;
    static final int TIMED_OUT = 3;
    static final int OTHER = -1;

    private static final EngineConfig CONFIG = EngineConfig.builder().jmx(false).stallThresholdNs(0)
        .workers(1).embedded(0, true).inboundCapacity(4).mailboxCapacity(4).build();

    final Engine engine = Engine.start(CONFIG);
    final WorkerInvoker worker = engine.invoker(0);
    final ActorRef<String> keeper;
    final Reply<String> reply;

    KeptAsk(final boolean withTimeout)
    {
        worker.doWork();
        keeper = engine.actor((ActorContext<String> ctx) -> (String m) -> ctx.replyLater()).name("keeper").spawn();
        reply = withTimeout ? keeper.ask("question", TIMEOUT) : keeper.ask("question");
        worker.doWork();
    }

    /**
     * Fire the ask's timer as the worker's wheel would: the reply's exchange is the timer task (its
     * {@code onExpiry}), reached by reflection because the engine keeps it out of the API.
     */
    static void fireTimer(final Reply<?> reply)
    {
        EXCHANGE_OF.apply(reply).onExpiry(0);
    }

    private static final java.util.function.Function<Reply<?>, io.hotpath.timers.TimerTask> EXCHANGE_OF = exchangeOf();

    private static java.util.function.Function<Reply<?>, io.hotpath.timers.TimerTask> exchangeOf()
    {
        try
        {
            final java.lang.reflect.Field field = Reply.class.getDeclaredField("exchange");
            field.setAccessible(true);
            return reply ->
            {
                try
                {
                    return (io.hotpath.timers.TimerTask)field.get(reply);
                }
                catch (final IllegalAccessException ex)
                {
                    throw new IllegalStateException(ex);
                }
            };
        }
        catch (final NoSuchFieldException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    long lateReplies()
    {
        return engine.deadLetters().count(DeadLetterReason.LATE_REPLY);
    }

    /**
     * @param future an outside asker's view of the reply.
     * @param value  the value a completer offered.
     * @param error  the exception a completer offered.
     * @return what the asker sees: NOT_DONE, VALUE (that value), FAILED (that exception), TIMED_OUT, or OTHER.
     */
    static int outcome(final CompletableFuture<String> future, final String value, final Throwable error)
    {
        if (!future.isDone())
        {
            return NOT_DONE;
        }
        try
        {
            return future.getNow(null) == value ? VALUE : OTHER;
        }
        catch (final java.util.concurrent.CompletionException ex)
        {
            if (ex.getCause() == error)
            {
                return FAILED;
            }
            return ex.getCause() instanceof io.hotpath.AskTimeoutException ? TIMED_OUT : OTHER;
        }
        catch (final RuntimeException ex)
        {
            return OTHER;
        }
    }
}
