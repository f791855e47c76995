package io.hotpath;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An answer to an ask its own caller cancelled is counted as CANCELLED_BY_CALLER, a normal reason, and never as
 * LATE_REPLY or any other reason that means a failure.
 */
class CancelledAskDeadLetterTest
{
    @Test
    void anAnswerToACancelledAskIsCountedAsCancelledByCaller()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final List<Reply<String>> kept = new ArrayList<>();
            final ActorRef<String> holder = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
                kept.add(ctx.replyLater())).name("holder").onWorker(0).spawn();
            final List<CancellationToken> tokens = new ArrayList<>();
            final List<String> log = new ArrayList<>();
            final ActorRef<String> caller = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                if (m.equals("cancel"))
                {
                    tokens.get(0).cancel();
                    return;
                }
                tokens.add(Await.cancellation());
                try
                {
                    await(holder.<String>ask("question"));
                }
                catch (final CancellationException ex)
                {
                    log.add("cancelled");
                }
            }).name("caller").onWorker(0).sequential().spawn();
            caller.tell("start");
            driven.settle();
            caller.tell("cancel");
            driven.settle();
            assertThat(log).containsExactly("cancelled");
            kept.get(0).complete("too late, and nobody minds");
            driven.settle();
            assertThat(driven.engine.deadLetters().count(DeadLetterReason.CANCELLED_BY_CALLER)).isEqualTo(1);
            assertThat(driven.engine.deadLetters().count()).isEqualTo(1);
        }
    }
}
