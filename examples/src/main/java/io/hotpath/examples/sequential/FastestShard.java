package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Await;
import io.hotpath.Engine;
import io.hotpath.TaskGroup;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * Reads a key from every replica of a shard at once and answers with the first reply (seed 003's task group): the
 * other reads are cancelled when the group closes, and the group waits for them to end, so nothing is left running.
 * NOT thread safe: the client and the replicas are actors.
 */
final class FastestShard
{
    private FastestShard()
    {
    }

    /**
     * A replica that answers a key after its own latency, unless the read is cancelled first.
     *
     * @param engine  the engine.
     * @param name    the replica's actor name.
     * @param latency how long it takes to answer.
     * @param events  told "NAME cancelled" when a read is cancelled; on the replica's worker.
     * @return the replica; ask it a key, get {@code "NAME: value of KEY"}.
     */
    static ActorRef<String> replica(final Engine engine, final String name, final Duration latency,
        final Consumer<String> events)
    {
        return engine.actor((ActorContext<String> ctx) -> (String key) ->
        {
            try
            {
                Await.sleep(latency);
                ctx.reply(name + ": value of " + key);
            }
            catch (final CancellationException ex)
            {
                events.accept(name + " cancelled");
                throw ex;
            }
        }).name(name).sequential().spawn();
    }

    /**
     * @param engine   the engine.
     * @param replicas the shard's replicas.
     * @return the client; ask it a key, get the first replica's answer.
     */
    static ActorRef<String> client(final Engine engine, final List<ActorRef<String>> replicas)
    {
        return engine.actor((ActorContext<String> ctx) -> (String key) ->
        {
            try (TaskGroup<String> group = TaskGroup.open())
            {
                for (final ActorRef<String> replica : replicas)
                {
                    group.ask(replica, key);
                }
                ctx.reply(group.next().get());
            }
        }).name("shard-client").sequential().spawn();
    }
}
