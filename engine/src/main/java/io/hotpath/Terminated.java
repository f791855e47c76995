package io.hotpath;

/**
 * Why a watched actor is gone: what {@code watch} (and {@code Engine.stop}) completes with. Immutable.
 *
 * @param actor  the actor that has stopped.
 * @param reason why.
 * @param cause  the exception behind a {@link Reason#FAILED}, {@link Reason#START_FAILED} or {@link Reason#NODE_LOST};
 *               otherwise null.
 */
public record Terminated(ActorRef<?> actor, Reason reason, Throwable cause)
{
    /** Why an actor is gone. */
    public enum Reason
    {
        /** It was stopped: by itself ({@code ctx.stop()}), by {@code Engine.stop} or a poison message, or with its
         *  parent. */
        STOPPED,
        /** Its fault policy stopped it after an exception (the stop policy, a restart's retries used up, an escalation);
         *  the cause is that exception. */
        FAILED,
        /** Its factory threw or returned null, so it never ran; the cause is that failure. */
        START_FAILED,
        /** The engine closed while the actor was alive. */
        ENGINE_CLOSED,
        /** A remote actor whose node was lost, closed or restarted as a new incarnation; the cause says which. */
        NODE_LOST
    }

    /**
     * Checks that the actor and the reason are given.
     *
     * @param actor  not null.
     * @param reason not null.
     * @param cause  may be null.
     */
    public Terminated
    {
        java.util.Objects.requireNonNull(actor, "actor");
        java.util.Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString()
    {
        return actor + " terminated: " + reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') +
            (cause == null ? "" : " (" + cause + ")");
    }
}
