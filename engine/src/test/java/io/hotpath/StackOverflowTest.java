package io.hotpath;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A stack overflow anywhere in a turn (in a handler, or in the engine's own frames under a deep chain of direct
 * handoffs) leaves every actor and the worker consistent: the turns it cut short are faults of their actors (their
 * policy applies), nothing else is lost, and the chain keeps moving.
 */
class StackOverflowTest
{
    private static final int CHAIN = 3_000;
    private static final int MESSAGES = 200;

    /** A message that travels the chain; {@code frames} deep recursion in each handler before it forwards. */
    record Hop(int id, int frames)
    {
    }

    @Test
    void aDeepChainOfDirectHandoffsSurvivesAStackOverflowAtSeveralDepths() throws Exception
    {
        for (final int frames : new int[]{10, 40, 200})
        {
            final AtomicLong arrived = new AtomicLong();
            try (Engine engine = Engine.start(TestEngines.config(1).handoffMaxDepth(1024).build()))
            {
                final ActorRef<Hop> end = engine.actor((ActorContext<Hop> ctx) -> (Hop hop) -> arrived.incrementAndGet())
                    .name("end").onWorker(0).spawn();
                ActorRef<Hop> next = end;
                for (int i = 0; i < CHAIN; i++)
                {
                    final ActorRef<Hop> to = next;
                    next = engine.actor((ActorContext<Hop> ctx) -> (Hop hop) -> forward(to, hop, hop.frames()))
                        .onWorker(0).spawn();
                }
                final ActorRef<Hop> head = next;
                final ActorRef<String> starter = engine.actor((ActorContext<String> ctx) -> (String m) ->
                {
                    for (int i = 0; i < MESSAGES; i++)
                    {
                        head.tell(new Hop(i, frames));
                    }
                }).onWorker(0).spawn();
                starter.tell("go");
                // an overflow loses the message whose turns it cut short (each of those turns is a fault of its actor,
                // counted); the limit on nested handoffs is halved after each, so a few at most, then none
                // (the last messages may still be on their way when the count first reaches it: awaited, not read once)
                TestEngines.await(frames + " frames: all but a few arrived, each lost one a counted fault", () ->
                    arrived.get() >= MESSAGES - 3 &&
                    engine.stats().workers().get(0).exceptions() >= MESSAGES - arrived.get());
                assertEquals(0, engine.deadLetters().count(), frames + " frames");
                final long before = arrived.get();
                for (int i = 0; i < 5; i++)
                {
                    head.tell(new Hop(MESSAGES + i, frames));
                }
                TestEngines.await(frames + " frames: the chain still moves", () -> arrived.get() == before + 5);
            }
        }
    }

    @Test
    void anOverflowInsideTheEnginesOwnFramesLeavesTheActorsConsistent() throws Exception
    {
        final AtomicLong handled = new AtomicLong();
        // the divers flood the peers' mailboxes; the test's own sends wait for them to catch up, however long
        try (Engine engine = Engine.start(TestEngines.config(1).handoffMaxDepth(1024).sendTimeoutNs(Long.MAX_VALUE)
            .build()))
        {
            final List<ActorRef<Integer>> peers = new ArrayList<>();
            for (int i = 0; i < 64; i++)
            {
                peers.add(engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> handled.incrementAndGet())
                    .onWorker(0).spawn());
            }
            // recurse, telling a peer at every level: the overflow strikes wherever the stack ends, in the
            // handler's frames or in the engine's send, handoff and turn frames below them
            final ActorRef<Integer> diver = engine.actor((ActorContext<Integer> ctx) -> (Integer n) ->
                dive(peers, n, 0)).onWorker(0).spawn();
            for (int round = 0; round < 20; round++)
            {
                diver.tell(round);
            }
            TestEngines.await("the diver is done", () -> engine.stats().workers().get(0).exceptions() >= 20);
            // every actor answers afterwards: none is left marked running
            for (final ActorRef<Integer> peer : peers)
            {
                final long before = handled.get();
                peer.tell(1);
                TestEngines.await("peer handles", () -> handled.get() > before);
            }
            final ActorRef<Integer> echo = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> ctx.reply(n))
                .onWorker(0).spawn();
            assertEquals(5, echo.<Integer>ask(5).get(Duration.ofSeconds(10)));
        }
    }

    @Test
    void aRunawayRecursionUnderNestedHandoffsLowersTheHandoffLimitForAWhileOnly() throws Exception
    {
        try (DrivenEngine driven = new DrivenEngine())
        {
            final Engine engine = driven.engine;
            // a chain of four: from the test (the worker's own thread here) each hop is a nested direct handoff
            final ActorRef<String> d = engine.actor((ActorContext<String> ctx) -> (String m) -> { }).name("d")
                .spawn();
            final ActorRef<String> c = engine.actor((ActorContext<String> ctx) -> (String m) -> d.tell(m)).name("c")
                .spawn();
            final ActorRef<String> b = engine.actor((ActorContext<String> ctx) -> (String m) -> c.tell(m)).name("b")
                .spawn();
            final ActorRef<String> a = engine.actor((ActorContext<String> ctx) -> (String m) -> b.tell(m)).name("a")
                .spawn();
            // a handler's own runaway recursion, reached by a handoff two deep
            final ActorRef<Integer> runaway = engine.actor((ActorContext<Integer> ctx) -> (Integer n) -> recurse(n))
                .name("runaway").spawn();
            final ActorRef<String> caller = engine.actor((ActorContext<String> ctx) -> (String m) -> runaway.tell(0))
                .name("caller").spawn();
            driven.settle();

            a.tell("first");
            driven.settle();
            assertEquals(1, handoffs(engine, "d"), "the chain runs by direct handoff");

            caller.tell("go");
            driven.settle();
            a.tell("second");
            driven.settle();
            assertEquals(1, handoffs(engine, "d"), "after the overflow the chain's inner hops wait their turn");

            driven.advance(9_000);
            a.tell("third");
            driven.settle();
            assertEquals(1, handoffs(engine, "d"), "nine seconds later the limit is still lowered");

            driven.advance(1_001);
            driven.settle();
            a.tell("fourth");
            driven.settle();
            assertEquals(2, handoffs(engine, "d"), "ten seconds without another overflow: the limit is back");
        }
    }

    private static long handoffs(final Engine engine, final String actor)
    {
        return engine.stats().actors().stream().filter(s -> s.name().equals(actor)).findFirst().orElseThrow()
            .handoffs();
    }

    private static int recurse(final int n)
    {
        return recurse(n + 1) + 1;
    }

    private static void dive(final List<ActorRef<Integer>> peers, final int round, final int depth)
    {
        peers.get(depth % peers.size()).tell(depth);
        dive(peers, round, depth + 1);
    }

    private static void forward(final ActorRef<Hop> to, final Hop hop, final int framesLeft)
    {
        if (framesLeft > 0)
        {
            forward(to, hop, framesLeft - 1);
            return;
        }
        to.tell(hop);
    }
}
