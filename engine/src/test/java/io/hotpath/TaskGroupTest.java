package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import static io.hotpath.Await.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cancellation flowing from callers into the calls they await, and task groups that leave nothing behind; on a
 * driven worker with a hand-moved clock.
 */
class TaskGroupTest
{
    /** A sequential replica that answers after its own delay, unless cancelled first. */
    private static ActorRef<Integer> replica(final Engine engine, final String name, final List<String> log)
    {
        return engine.actor((ActorContext<Integer> ctx) -> (Integer delayMs) ->
        {
            try
            {
                Await.sleep(Duration.ofMillis(delayMs));
                ctx.reply(name);
            }
            catch (final CancellationException ex)
            {
                log.add(name + " cancelled");
                throw ex;
            }
        }).name(name).onWorker(0).sequential().spawn();
    }

    @Test
    void fastestShardWinsAndTheOthersAreCancelledAndAwaited()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final List<String> log = new ArrayList<>();
            final List<ActorRef<Integer>> replicas = List.of(replica(driven.engine, "r1", log),
                replica(driven.engine, "r2", log), replica(driven.engine, "r3", log));
            final int[] delays = {30, 10, 20};
            final ActorRef<String> client = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                try (TaskGroup<String> group = TaskGroup.open())
                {
                    for (int i = 0; i < replicas.size(); i++)
                    {
                        group.ask(replicas.get(i), delays[i]);
                    }
                    final TaskGroup.Completed<String> first = group.next();
                    log.add("first " + first.index() + " " + first.get());
                }
                log.add("group closed");
            }).onWorker(0).sequential().spawn();
            client.tell("query");
            driven.settle();
            driven.advance(11);
            driven.settle();
            assertEquals(List.of("first 1 r2", "r1 cancelled", "r3 cancelled", "group closed"),
                sorted(log));
            driven.advance(100);
            driven.settle();
            assertEquals(4, log.size(), "nothing ran after the group closed");
        }
    }

    /** The cancellations may be logged in either order; everything else in order. */
    private static List<String> sorted(final List<String> log)
    {
        final List<String> copy = new ArrayList<>(log);
        final int a = copy.indexOf("r1 cancelled");
        final int b = copy.indexOf("r3 cancelled");
        if (a > b && b >= 0)
        {
            copy.set(b, "r1 cancelled");
            copy.set(a, "r3 cancelled");
        }
        return copy;
    }

    @Test
    void allTakesEveryAnswerByIndexAndThrowsTheFirstFailure()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final ActorRef<Integer> squarer = driven.engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
            {
                if (n < 0)
                {
                    throw new IllegalArgumentException("negative " + n);
                }
                ctx.reply(n * n);
            }).onWorker(0).spawn();
            final List<Object> out = new ArrayList<>();
            final ActorRef<String> client = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                try (TaskGroup<Integer> group = TaskGroup.open())
                {
                    for (int i = 1; i <= 4; i++)
                    {
                        group.ask(squarer, i);
                    }
                    out.add(group.all());
                }
                try (TaskGroup<Integer> group = TaskGroup.open())
                {
                    group.ask(squarer, 2);
                    group.ask(squarer, -2);
                    out.add(group.all());
                }
                catch (final IllegalArgumentException ex)
                {
                    out.add(ex.getMessage());
                }
            }).onWorker(0).sequential().spawn();
            client.tell("go");
            driven.settle();
            assertEquals(List.of(List.of(1, 4, 9, 16), "negative -2"), out);
        }
    }

    @Test
    void cancellationFlowsIntoTheCallsACallerAwaits()
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final List<String> log = new ArrayList<>();
            final ActorRef<Integer> slow = replica(driven.engine, "slow", log);
            final ActorRef<String> middle = driven.engine.actor((ActorContext<String> ctx) -> (String m) ->
            {
                try
                {
                    ctx.reply(await(slow.<String>ask(1_000)));
                }
                catch (final CancellationException ex)
                {
                    log.add("middle saw " + (Await.cancellation().isCancelled() ? "a cancelled token" : "?"));
                    throw ex;
                }
            }).name("middle").onWorker(0).sequential().spawn();
            final List<CancellationToken> tokens = new ArrayList<>();
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
                    await(middle.<String>ask("work"));
                }
                catch (final CancellationException ex)
                {
                    log.add("caller: " + ex.getMessage());
                }
            }).name("caller").onWorker(0).sequential().spawn();
            caller.tell("start");
            driven.settle();
            assertTrue(log.isEmpty());
            caller.tell("cancel");
            driven.settle();
            assertThat(log).contains("caller: cancelled", "middle saw a cancelled token", "slow cancelled");
        }
    }
}
