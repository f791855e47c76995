package io.hotpath;

/**
 * A message that declares the type of its answer, so that {@link ActorRef#askFor(Question)} returns a reply of that
 * type without a type witness at the call site:
 * <pre>{@code
 * sealed interface AccountMessage permits Deposit, GetBalance { }
 * record GetBalance() implements AccountMessage, Question<Long> { }
 *
 * Reply<Long> balance = account.askFor(new GetBalance());   // no account.<Long>ask(...)
 * }</pre>
 * The actor answers with {@link ActorContext#reply(Object)} as for any ask; the declared type is the caller's promise
 * about what the actor answers, checked when the caller reads the value. Implementations are plain immutable
 * messages.
 *
 * @param <R> the type of the answer.
 */
public interface Question<R>
{
}
