package io.hotpath.testkit;

import io.hotpath.ActorBuilder;
import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Reply;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

/**
 * An actor of an {@link ActorTestKit}'s engine that keeps what it is sent, for the test to receive and assert: hand
 * {@link #ref()} to the actors under test, then {@code expectMessage(...)}. Each wait runs the engine, moving its
 * virtual time, until the message comes or its timeout (virtual time; the kit's default unless given) has passed. A
 * message sent with {@code ask} is kept with its reply, which the test answers through {@link #expectAsk()}.
 * NOT thread safe: the kit's test thread only.
 *
 * @param <M> the type of message the probe takes.
 */
public final class TestProbe<M>
{
    private final ActorTestKit kit;
    private final Queue<AskedMessage<M>> received;
    private final ActorRef<M> ref;
    private final String name;

    private TestProbe(final ActorTestKit kit, final ActorRef<M> ref, final Queue<AskedMessage<M>> received)
    {
        this.kit = kit;
        this.ref = ref;
        this.name = ref.name();
        this.received = received;
    }

    /** Spawn a probe's actor: it keeps each message, with its reply when it was asked. */
    static <M> TestProbe<M> spawn(final ActorTestKit kit, final String name, final int worker)
    {
        final Queue<AskedMessage<M>> received = new ConcurrentLinkedQueue<>();
        final ActorBuilder<M> builder = kit.engine().actor((ActorContext<M> ctx) -> (M message) ->
            received.add(new AskedMessage<>(message, askOf(ctx)))).name(name);
        if (worker >= 0)
        {
            builder.onWorker(worker);
        }
        return new TestProbe<>(kit, builder.spawn(), received);
    }

    /** {@return the reply of the message being handled, when it was asked; null for a plain message} */
    private static Reply<Object> askOf(final ActorContext<?> ctx)
    {
        try
        {
            return ctx.replyLater();
        }
        catch (final IllegalStateException told)
        {
            return null;
        }
    }

    /** {@return the probe's address, to hand to the actors under test} */
    public ActorRef<M> ref()
    {
        return ref;
    }

    /** {@return the probe's actor name} */
    public String name()
    {
        return name;
    }

    /**
     * {@return the next message, once it has come within the default timeout}
     */
    public M receiveMessage()
    {
        return receiveMessage(defaultTimeout());
    }

    /**
     * {@return the next message}
     *
     * @param timeout virtual time to wait at most.
     */
    public M receiveMessage(final Duration timeout)
    {
        return next(timeout).message();
    }

    /**
     * Receive the next message, within the default timeout, and fail unless it equals {@code expected}.
     *
     * @param expected the next message, by {@code equals}.
     * @param <T>      its type.
     * @return the message received.
     */
    public <T extends M> M expectMessage(final T expected)
    {
        return expectMessage(defaultTimeout(), expected);
    }

    /**
     * Receive the next message, within the timeout, and fail unless it equals {@code expected}.
     *
     * @param timeout  virtual time to wait at most.
     * @param expected the next message, by {@code equals}.
     * @param <T>      its type.
     * @return the message received.
     */
    public <T extends M> M expectMessage(final Duration timeout, final T expected)
    {
        final M message = receiveMessage(timeout);
        if (!Objects.equals(expected, message))
        {
            throw kit.failed("probe '" + name + "': expected " + expected + " but received " + message);
        }
        return message;
    }

    /**
     * Receive the next message, within the default timeout, and fail unless it is of the type.
     *
     * @param type the type of the next message.
     * @param <T>  that type.
     * @return the message received, as that type.
     */
    public <T extends M> T expectMessageClass(final Class<T> type)
    {
        final M message = receiveMessage();
        if (!type.isInstance(message))
        {
            throw kit.failed("probe '" + name + "': expected a " + type.getName() + " but received " + message +
                (message == null ? "" : " (a " + message.getClass().getName() + ")"));
        }
        return type.cast(message);
    }

    /**
     * {@return the next {@code count} messages, once they have all come within the default timeout}
     *
     * @param count how many messages.
     */
    public List<M> receiveMessages(final int count)
    {
        return receiveMessages(count, defaultTimeout());
    }

    /**
     * {@return the messages, in the order they came}
     *
     * @param count   how many messages.
     * @param timeout virtual time to wait at most for all of them.
     */
    public List<M> receiveMessages(final int count, final Duration timeout)
    {
        if (!kit.lockStep().waitFor(() -> received.size() >= count, timeout.toNanos(), true))
        {
            throw kit.failed("probe '" + name + "': expected " + count + " messages within " + timeout +
                " of virtual time, received " + received.size() + ": " + received);
        }
        final List<M> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            messages.add(received.remove().message());
        }
        return messages;
    }

    /**
     * {@return every message received so far, after running the engine until idle (time does not move); empty when
     *    there is none}
     */
    public List<M> receiveAll()
    {
        kit.runUntilIdle();
        final List<M> messages = new ArrayList<>();
        AskedMessage<M> next;
        while ((next = received.poll()) != null)
        {
            messages.add(next.message());
        }
        return messages;
    }

    /**
     * Let 100 ms of virtual time pass, and fail if a message comes meanwhile.
     */
    public void expectNoMessage()
    {
        expectNoMessage(Duration.ofMillis(100));
    }

    /**
     * Let a while of virtual time pass, and fail if a message comes meanwhile (the test's time moves by it).
     *
     * @param within virtual time.
     */
    public void expectNoMessage(final Duration within)
    {
        final long startNs = kit.nowNs();
        if (kit.lockStep().waitFor(() -> !received.isEmpty(), within.toNanos(), false))
        {
            throw kit.failed("probe '" + name + "': expected no message within " + within + ", received " +
                received.peek().message() + " after " + Duration.ofNanos(kit.nowNs() - startNs));
        }
    }

    /**
     * Receive messages until the fisher says the one it looks for has come.
     *
     * @param timeout virtual time to wait at most for all of them.
     * @param fisher  says, of each message, whether it completes the fishing, and whether it is kept.
     * @return the messages kept, the completing one last.
     * @throws AssertionError when the timeout passes first, or when the fisher throws one.
     */
    public List<M> fishForMessage(final Duration timeout, final Function<? super M, FishingOutcome> fisher)
    {
        final long deadlineNs = kit.nowNs() + timeout.toNanos();
        final List<M> kept = new ArrayList<>();
        while (true)
        {
            final M message = next(Duration.ofNanos(Math.max(0, deadlineNs - kit.nowNs()))).message();
            final FishingOutcome outcome = Objects.requireNonNull(fisher.apply(message), "fishing outcome");
            if (outcome != FishingOutcome.CONTINUE_AND_IGNORE)
            {
                kept.add(message);
            }
            if (outcome == FishingOutcome.COMPLETE)
            {
                return kept;
            }
        }
    }

    /**
     * {@return the next message, which must have been sent with {@code ask}, with its reply for the test to answer}
     */
    public AskedMessage<M> expectAsk()
    {
        final AskedMessage<M> next = next(defaultTimeout());
        if (!next.wasAsked())
        {
            throw kit.failed("probe '" + name + "': expected an ask but received a tell: " + next.message());
        }
        return next;
    }

    private AskedMessage<M> next(final Duration timeout)
    {
        if (!kit.lockStep().waitFor(() -> !received.isEmpty(), timeout.toNanos(), true))
        {
            throw kit.failed("probe '" + name + "': no message within " + timeout + " of virtual time");
        }
        return received.remove();
    }

    private Duration defaultTimeout()
    {
        return Duration.ofNanos(kit.defaultTimeoutNs());
    }

    @Override
    public String toString()
    {
        return "TestProbe[" + name + ", " + received.size() + " waiting]";
    }
}
