package io.hotpath;

import java.time.Duration;
import java.util.Objects;

/**
 * A message that declares the type of its answer, so that {@link #ask(ActorRef, Question)} returns a reply of that
 * type without a type witness at the call site, and only compiles for an actor that handles the question:
 * <pre>{@code
 * sealed interface AccountMessage permits Deposit, GetBalance { }
 * record GetBalance() implements AccountMessage, Question<Long> { }
 *
 * Reply<Long> balance = Question.ask(account, new GetBalance());   // account is an ActorRef<AccountMessage>
 * }</pre>
 * The actor answers with {@link ActorContext#reply(Object)} as for any ask; the declared type is the caller's promise
 * about what the actor answers, checked when the caller reads the value. Implementations are plain immutable
 * messages.
 *
 * @param <R> the type of the answer.
 */
public interface Question<R>
{
    /**
     * Ask an actor a question it handles: the question's type must be one of the actor's messages, or the call does
     * not compile, and the reply is of the answer's type the question declares.
     *
     * @param actor    an actor whose messages include the question's type.
     * @param question not null.
     * @param <R>      the answer's type, as the question declares it.
     * @param <Q>      the question's type.
     * @return the reply, completed later.
     */
    static <R, Q extends Question<R>> Reply<R> ask(final ActorRef<? super Q> actor, final Q question)
    {
        return actor.ask(Objects.requireNonNull(question, "question"));
    }

    /**
     * {@link #ask(ActorRef, Question)} with a timeout, as {@link ActorRef#ask(Object, Duration)}.
     *
     * @param actor    an actor whose messages include the question's type.
     * @param question not null.
     * @param timeout  positive.
     * @param <R>      the answer's type, as the question declares it.
     * @param <Q>      the question's type.
     * @return the reply.
     */
    static <R, Q extends Question<R>> Reply<R> ask(final ActorRef<? super Q> actor, final Q question,
        final Duration timeout)
    {
        return actor.ask(Objects.requireNonNull(question, "question"), timeout);
    }
}
