package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A message that declares its answer's type gives a typed reply, with no type witness at the call site.
 */
class QuestionTest
{
    sealed interface AccountMessage permits Deposit, GetBalance
    {
    }

    record Deposit(long amount) implements AccountMessage
    {
    }

    record GetBalance() implements AccountMessage, Question<Long>
    {
    }

    record Unrelated() implements Question<String>
    {
    }

    @Test
    void askForReturnsAReplyOfTheDeclaredType()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<AccountMessage> account = engine.spawn("account", (ActorContext<AccountMessage> ctx) ->
            {
                final long[] balance = {0};
                return (AccountMessage m) ->
                {
                    switch (m)
                    {
                        case Deposit d -> balance[0] += d.amount();
                        case GetBalance g -> ctx.reply(balance[0]);
                    }
                };
            });
            account.tell(new Deposit(40));
            account.tell(new Deposit(2));
            final long balance = account.askFor(new GetBalance()).get(Duration.ofSeconds(10));
            assertEquals(42L, balance);
            assertEquals(42L, account.askFor(new GetBalance(), Duration.ofSeconds(5)).get(Duration.ofSeconds(10)));
        }
    }

    @Test
    void aQuestionTheActorDoesNotHandleFailsTheAsk()
    {
        try (Engine engine = Engine.start(TestEngines.config(1).build()))
        {
            final ActorRef<AccountMessage> account = engine.spawn("account",
                (ActorContext<AccountMessage> ctx) -> (AccountMessage m) -> ctx.reply(0L));
            @SuppressWarnings({"unchecked", "rawtypes"})
            final ActorRef<Object> untyped = (ActorRef)account;
            final ReplyException failed = assertThrows(ReplyException.class,
                () -> untyped.askFor(new Unrelated()).get(Duration.ofSeconds(10)));
            assertInstanceOf(ClassCastException.class, failed.getCause());
        }
    }
}
