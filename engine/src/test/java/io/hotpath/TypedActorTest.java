package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A plain object as an actor: calls run on its worker; results and exceptions travel back through replies.
 */
class TypedActorTest
{
    static final class InsufficientFunds extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        InsufficientFunds(final String message)
        {
            super(message);
        }
    }

    static final class Account
    {
        private long balance;
        private String lastThread;

        void deposit(final long amount)
        {
            balance += amount;
            lastThread = Thread.currentThread().getName();
        }

        long withdraw(final long amount)
        {
            if (amount > balance)
            {
                throw new InsufficientFunds("balance " + balance + " < " + amount);
            }
            balance -= amount;
            return balance;
        }

        long balance()
        {
            return balance;
        }

        String lastThread()
        {
            return lastThread;
        }
    }

    @Test
    void tellAndAskCallTheObjectOnItsWorker()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final TypedRef<Account> alice = engine.<Account>typedActor(ctx -> new Account()).name("alice")
                .onWorker(1).spawnTyped();
            for (int i = 0; i < 100; i++)
            {
                alice.tell(a -> a.deposit(5));
            }
            assertEquals(500L, alice.ask(Account::balance).get(Duration.ofSeconds(20)));
            assertEquals("hp-worker-1", alice.ask(Account::lastThread).get(Duration.ofSeconds(20)));
            assertEquals(400L, alice.ask(a -> a.withdraw(100)).get(Duration.ofSeconds(20)));
            final ReplyException ex = assertThrows(ReplyException.class,
                () -> alice.ask(a -> a.withdraw(1_000)).get(Duration.ofSeconds(20)));
            assertInstanceOf(InsufficientFunds.class, ex.getCause());
            assertThat(ex.getCause().getMessage()).contains("balance 400 < 1000");
            assertEquals(400L, alice.ask(Account::balance).get(Duration.ofSeconds(20)), "the actor went on");
        }
    }

    @Test
    void typedActorsCallEachOtherWithCallbacks()
    {
        try (Engine engine = Engine.start(TestEngines.config(2).build()))
        {
            final TypedRef<Account> from = engine.<Account>typedActor(ctx ->
            {
                final Account a = new Account();
                a.deposit(100);
                return a;
            }).name("from").onWorker(0).spawnTyped();
            final TypedRef<Account> to = engine.spawnTyped("to", ctx -> new Account());
            final AtomicReference<String> outcome = new AtomicReference<>();
            final ActorRef<String> teller = engine.spawn("teller", ctx -> m ->
                from.ask(a -> a.withdraw(30)).onComplete((left, error) ->
                {
                    if (error == null)
                    {
                        to.tell(a -> a.deposit(30));
                        outcome.set("moved, left " + left);
                    }
                    else
                    {
                        outcome.set("failed " + error.getMessage());
                    }
                }));
            teller.tell("transfer");
            TestEngines.await("transfer done", () -> outcome.get() != null);
            assertEquals("moved, left 70", outcome.get());
            // the deposit went from the teller's worker, the ask goes from this thread: order holds per sender, so
            // the ask may come first
            TestEngines.await("the deposit arrived",
                () -> to.ask(Account::balance).get(Duration.ofSeconds(20)) == 30L);
        }
    }

    /** An object with hooks, to see that a typed actor passes them on. */
    static final class Hooked implements ActorLifecycle
    {
        static final java.util.List<String> LOG = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public void onStart()
        {
            LOG.add("start");
        }

        @Override
        public void onStop()
        {
            LOG.add("stop");
        }

        int ping()
        {
            return 1;
        }
    }

    @Test
    void aTypedActorsObjectGetsTheLifecycleHooks()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final TypedRef<Hooked> hooked = engine.spawnTyped("hooked", ctx -> new Hooked());
            assertEquals(1, hooked.ask(Hooked::ping).get(Duration.ofSeconds(20)));
            engine.stop(hooked.ref());
            TestEngines.await("stopped", () -> Hooked.LOG.contains("stop"));
            assertEquals(java.util.List.of("start", "stop"), Hooked.LOG);
        }
    }
}
