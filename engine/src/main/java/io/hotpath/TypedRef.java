package io.hotpath;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The address of a typed actor: a plain object whose methods run on its worker, one call at a time. Thread safe.
 * <pre>{@code
 * TypedRef<Account> account = engine.spawnTyped("alice", ctx -> new Account());
 * account.tell(a -> a.deposit(5));                   // fire and forget
 * Reply<Long> balance = account.ask(Account::balance);  // call and get the result (or the exception)
 * }</pre>
 * The rule that makes this safe: the object must not leak out of its actor. Only the calls given to
 * {@link #tell} and {@link #ask} touch it, on its worker; never hand the object itself (or a mutable part of it)
 * to another actor or thread, and let results be values or copies. A call that captures variables allocates a
 * lambda per call; a method reference or a non-capturing lambda does not.
 *
 * @param <T> the type of the object.
 */
public final class TypedRef<T>
{
    private static final String NULL_CALL =
        "call to typed actor is null; pass a lambda or method reference that calls the object, e.g. a -> a.deposit(5)";

    private final ActorRef<Object> ref;

    TypedRef(final ActorRef<Object> ref)
    {
        this.ref = ref;
    }

    /**
     * Call a method, fire and forget. An exception goes to the actor's fault policy.
     *
     * @param call what to do with the object.
     */
    public void tell(final Consumer<? super T> call)
    {
        ref.tell(Objects.requireNonNull(call, NULL_CALL));
    }

    /**
     * Call a method and get its result; its exception travels to the reply instead.
     *
     * @param call what to compute from the object.
     * @param <R>  the result's type.
     * @return the reply.
     */
    public <R> Reply<R> ask(final Function<? super T, ? extends R> call)
    {
        return ref.ask(Objects.requireNonNull(call, NULL_CALL));
    }

    /**
     * Call a method and get its result, within a timeout; its exception travels to the reply instead.
     *
     * @param call    what to compute from the object.
     * @param timeout when the reply fails with {@link AskTimeoutException}.
     * @param <R>     the result's type.
     * @return the reply.
     */
    public <R> Reply<R> ask(final Function<? super T, ? extends R> call, final Duration timeout)
    {
        return ref.ask(Objects.requireNonNull(call, NULL_CALL), timeout);
    }

    /**
     * {@return the underlying actor address, e.g. to stop or watch it}
     */
    public ActorRef<Object> ref()
    {
        return ref;
    }

    /**
     * {@return the actor's name}
     */
    public String name()
    {
        return ref.name();
    }

    @Override
    public String toString()
    {
        return "TypedRef[" + ref.name() + "]";
    }
}
