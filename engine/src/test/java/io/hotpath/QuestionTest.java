package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A message that declares its answer's type gives a typed reply, with no type witness at the call site. (That an
 * unrelated question does not compile is proven by the examples' QuestionCompileTest, which runs the compiler.)
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

    @Test
    void askingAQuestionReturnsAReplyOfTheDeclaredType()
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
            final long balance = Question.ask(account, new GetBalance()).get(Duration.ofSeconds(10));
            assertEquals(42L, balance);
            assertEquals(42L, Question.ask(account, new GetBalance(), Duration.ofSeconds(5)).get(Duration.ofSeconds(10)));
        }
    }
}
