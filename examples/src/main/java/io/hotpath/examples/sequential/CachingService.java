package io.hotpath.examples.sequential;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.Engine;

import java.util.HashMap;
import java.util.Map;

import static io.hotpath.Await.await;

/**
 * A cache in front of a slow backend, written top to bottom with await: a miss awaits the backend's fetch, and
 * since the actor is released while it waits, reads of cached keys go on meanwhile (seed 003's caching service).
 * NOT thread safe: an actor; its map is touched only by its own methods.
 */
final class CachingService
{
    private final Map<String, String> cache = new HashMap<>();
    private final ActorRef<String> backend;
    private final ActorContext<String> context;

    private CachingService(final ActorContext<String> context, final ActorRef<String> backend)
    {
        this.context = context;
        this.backend = backend;
    }

    /**
     * @param engine  the engine.
     * @param backend an actor answering a key's value, slowly.
     * @return the cache's address: ask it a key, get the value.
     */
    static ActorRef<String> spawn(final Engine engine, final ActorRef<String> backend)
    {
        return engine.actor((ActorContext<String> ctx) ->
        {
            final CachingService service = new CachingService(ctx, backend);
            return service::get;
        }).name("cache").onWorker(0).sequential().spawn();
    }

    private void get(final String key)
    {
        String value = cache.get(key);
        if (value == null)
        {
            value = await(backend.<String>ask(key));
            cache.put(key, value);
        }
        context.reply(value);
    }
}
