package io.hotpath.remote;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Numbered messages between many actors of two nodes, for the randomized tests (in this JVM or in a child's).
 * <p>
 * Each sender sends its share to receivers of the other node picked at random (seeded), numbering its messages
 * per receiver from 1; a message is {@code sender << 32 | ask bit << 31 | number}. Every 16th goes as an ask,
 * answered with the message itself. A receiver checks that each sender's numbers
 * come exactly in sequence: a duplicate, a reorder or a gap is an error. Senders use {@code offer} and try again a
 * millisecond later when Aeron pushes back, so nothing is refused for a full backlog.
 */
final class Traffic
{
    private static final long ASK_BIT = 1L << 31;
    private static final int BURST = 64;
    private static final int MAX_SENDERS = 1 << 12;

    final AtomicLong sent = new AtomicLong();
    final AtomicLong received = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicLong asksAnswered = new AtomicLong();
    final AtomicLong asksFailed = new AtomicLong();
    final AtomicLong asksSent = new AtomicLong();
    final AtomicInteger sendersDone = new AtomicInteger();
    private final Engine engine;
    private final RemoteNode node;
    private final int actors;
    private final int nodeTag;
    private final List<ActorRef<Object>> senders = new ArrayList<>();

    private record Start(List<ActorRef<Long>> targets, long seed, int count)
    {
    }

    private enum Continue
    {
        INSTANCE
    }

    Traffic(final Engine engine, final RemoteNode node, final int actors, final int nodeTag)
    {
        this.engine = engine;
        this.node = node;
        this.actors = actors;
        this.nodeTag = nodeTag;
        for (int k = 0; k < actors; k++)
        {
            node.publish("actor-" + k, engine.actor(this::receiver).name("receiver-" + k).onWorker(k % 2).spawn());
            final int senderId = nodeTag * actors + k;
            senders.add(engine.actor((ActorContext<Object> ctx) -> new Sender(ctx, senderId))
                .name("sender-" + k).onWorker((k + 1) % 2).spawn());
        }
    }

    private io.hotpath.Actor<Long> receiver(final ActorContext<Long> ctx)
    {
        final long[] last = new long[MAX_SENDERS];
        return (Long message) ->
        {
            final int from = (int)(message >>> 32);
            final long number = message & (ASK_BIT - 1);
            if (number != last[from] + 1)
            {
                errors.incrementAndGet();
            }
            last[from] = Math.max(last[from], number);
            received.incrementAndGet();
            if ((message & ASK_BIT) != 0)
            {
                ctx.reply(message);
            }
        };
    }

    /** Resolve the other node's receivers. */
    List<ActorRef<Long>> resolve(final String peer)
    {
        final List<ActorRef<Long>> targets = new ArrayList<>();
        for (int k = 0; k < actors; k++)
        {
            targets.add(node.<Long>resolve(peer, "actor-" + k).get(Duration.ofSeconds(30)));
        }
        return targets;
    }

    void start(final List<ActorRef<Long>> targets, final long seed, final int perSender)
    {
        for (int k = 0; k < senders.size(); k++)
        {
            senders.get(k).tell(new Start(targets, seed * 31 + k, perSender));
        }
    }

    boolean done()
    {
        return sendersDone.get() == senders.size();
    }

    long deadLetters()
    {
        return engine.deadLetters().count();
    }

    String report()
    {
        return "sent=" + sent.get() + " received=" + received.get() + " errors=" + errors.get() + " asksAnswered=" +
            asksAnswered.get() + " asksFailed=" + asksFailed.get() + " asksSent=" + asksSent.get() + " deadLetters=" + deadLetters() +
            " unreachable=" + engine.deadLetters().count(DeadLetterReason.NODE_UNREACHABLE);
    }

    /** One sender: its own numbering per receiver. */
    private final class Sender implements io.hotpath.Actor<Object>
    {
        private final ActorContext<Object> ctx;
        private final long senderBits;
        private List<ActorRef<Long>> targets;
        private SplittableRandom random;
        private long[] numbers;
        private int left;
        private int target = -1;
        private boolean finished;

        Sender(final ActorContext<Object> ctx, final int senderId)
        {
            this.ctx = ctx;
            this.senderBits = (long)senderId << 32;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Start start)
            {
                targets = start.targets();
                random = new SplittableRandom(start.seed());
                numbers = new long[targets.size()];
                left = start.count();
            }
            for (int burst = 0; burst < BURST && left > 0; burst++)
            {
                if (target < 0)
                {
                    target = random.nextInt(targets.size());
                }
                final long number = numbers[target] + 1;
                final ActorRef<Long> to = targets.get(target);
                final boolean ask = number % 16 == 0;
                final long value = senderBits | number | (ask ? ASK_BIT : 0);
                if (ask)
                {
                    asksSent.incrementAndGet();
                    to.<Long>ask(value).onComplete((answer, error) ->
                    {
                        if (error == null && answer == value)
                        {
                            asksAnswered.incrementAndGet();
                        }
                        else
                        {
                            asksFailed.incrementAndGet();
                        }
                    });
                }
                else if (!to.offer(value))
                {
                    ctx.schedule(Continue.INSTANCE, Duration.ofMillis(1));
                    return;
                }
                numbers[target] = number;
                target = -1;
                left--;
                sent.incrementAndGet();
            }
            if (left > 0)
            {
                ctx.self().tell(Continue.INSTANCE);
            }
            else if (!finished)
            {
                finished = true;
                sendersDone.incrementAndGet();
            }
        }
    }
}
