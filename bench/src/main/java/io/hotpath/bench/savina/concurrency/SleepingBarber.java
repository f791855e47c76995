package io.hotpath.bench.savina.concurrency;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina Sleeping Barber: a factory makes N customers, an actor each, one after each {@code busyWait} of 10 to
 * APR + 9 draws (at random); each enters a waiting room of W chairs, which wakes the barber or seats it, or sends it
 * back to the factory when full (the factory sends it in again). The barber cuts a customer's hair for a
 * {@code busyWait} of 10 to AHR + 9 draws and asks the room for the next one, and sleeps when there is none; a
 * customer whose hair is cut tells the factory, and stops once the room has also said it was seated (the room's word
 * and the barber's come from two actors, in either order). The result is the digest of the customers' ids whose hair
 * was cut, which must be that of all N, each once; a haircut that ends before it began, or a barber whose count
 * disagrees, fails the run. The room is spawned next to the barber ({@link ActorRuntime#spawnNextTo}): they trade a
 * message per haircut, and a barber that waits a hop between workers for each next customer falls behind the factory,
 * so the room fills and every new customer bounces between it, the factory and the room until a chair frees
 * (docs/lab/2026-11-29-sleeping-barber-room-next-to-barber.md). Immutable.
 *
 * @param haircuts       N (Savina default 5,000).
 * @param chairs         W, the waiting room's size (Savina default 1,000).
 * @param productionRate APR, the factory's mean wait between customers, in draws (Savina default 1,000).
 * @param haircutRate    AHR, the barber's mean time per haircut, in draws (Savina default 1,000).
 */
public record SleepingBarber(int haircuts, int chairs, int productionRate, int haircutRate)
    implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final SleepingBarber DEFAULT = new SleepingBarber(5_000, 1_000, 1_000, 1_000);

    private static final Object NEXT = "next";
    private static final Object FULL = "full";
    private static final Object WAIT = "wait";
    private static final Object SIT_DOWN = "sit-down";
    private static final Object DONE = "done";
    private static final Object SLEEP = "sleep";

    /**
     * @param haircuts       at least 1.
     * @param chairs         at least 1.
     * @param productionRate at least 1.
     * @param haircutRate    at least 1.
     */
    public SleepingBarber
    {
        if (haircuts < 1 || chairs < 1 || productionRate < 1 || haircutRate < 1)
        {
            throw new IllegalArgumentException("SleepingBarber needs at least 1 haircut, chair and draw, not " +
                haircuts + ", " + chairs + ", " + productionRate + ", " + haircutRate);
        }
    }

    @Override
    public String name()
    {
        return "SleepingBarber";
    }

    @Override
    public Family family()
    {
        return Family.CONCURRENCY;
    }

    @Override
    public String parameters()
    {
        return "N=" + haircuts + " W=" + chairs + " APR=" + productionRate + " AHR=" + haircutRate;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address[] room = new ActorRuntime.Address[1];
        final ActorRuntime.Address barber = runtime.spawn(self -> new Barber(haircutRate, room));
        room[0] = runtime.spawnNextTo(barber, self -> new Room(chairs, self, barber));
        final ActorRuntime.Address factory = runtime.spawn(self -> new Factory(this, runtime, self, room[0], done));
        factory.tell(NEXT);
        return done;
    }

    @Override
    public String check(final long result)
    {
        long expected = 0;
        for (int id = 0; id < haircuts; id++)
        {
            expected += Digest.mix(id);
        }
        return SavinaBenchmark.expect(expected, result, "digest of the ids of the customers whose hair was cut " +
            "(each of the " + haircuts + " once)");
    }

    /** A customer entering the room, sent again by the factory when the room was full. Immutable, one a customer. */
    private record Enter(ActorRuntime.Address customer)
    {
    }

    /** A customer back at the factory, the room full. Immutable, one a customer. */
    private record Returned(Enter enter)
    {
    }

    /** A customer whose hair is cut. Immutable, one a customer. */
    private record Served(int id)
    {
    }

    /** Every customer has been served: the room closes and the barber leaves, answering the factory. Immutable. */
    private record Exit(ActorRuntime.Address factory)
    {
    }

    /** The barber has left, after this many haircuts. Immutable. */
    private record BarberLeft(long haircuts)
    {
    }

    private static final class Factory implements Actor<Object>
    {
        private final int haircuts;
        private final int productionRate;
        private final ActorRuntime runtime;
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address room;
        private final CompletableFuture<Long> done;
        private final SplittableRandom random = new SplittableRandom(1);
        private int made;
        private int served;
        private long digest;
        private double work;

        Factory(final SleepingBarber sizes, final ActorRuntime runtime, final ActorRuntime.Address self,
            final ActorRuntime.Address room, final CompletableFuture<Long> done)
        {
            this.haircuts = sizes.haircuts();
            this.productionRate = sizes.productionRate();
            this.runtime = runtime;
            this.self = self;
            this.room = room;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == NEXT)
            {
                // one customer a turn, so the room and the barber run in between on a worker they share
                final int id = made++;
                final ActorRuntime.Address customer = runtime.spawn(c -> new Customer(id, c, self));
                room.tell(new Enter(customer));
                work += Work.busyWait(random.nextInt(productionRate) + 10);
                if (made < haircuts)
                {
                    self.tell(NEXT);
                }
            }
            else if (message instanceof Returned returned)
            {
                room.tell(returned.enter());
            }
            else if (message instanceof Served customer)
            {
                digest += Digest.mix(customer.id());
                if (++served == haircuts)
                {
                    room.tell(new Exit(self));
                }
            }
            else if (message instanceof BarberLeft left)
            {
                if (left.haircuts() != served)
                {
                    throw new IllegalStateException("the barber cut " + left.haircuts() + " customers' hair, the " +
                        "factory saw " + served + " served");
                }
                done.complete(digest);
            }
        }
    }

    private static final class Customer implements Actor<Object>
    {
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address factory;
        private final Returned returned;
        private final Served served;
        private boolean seated;
        private boolean heardFromRoom;
        private boolean done;

        Customer(final int id, final ActorRuntime.Address self, final ActorRuntime.Address factory)
        {
            this.self = self;
            this.factory = factory;
            this.returned = new Returned(new Enter(self));
            this.served = new Served(id);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message == FULL)
            {
                factory.tell(returned);
            }
            else if (message == SIT_DOWN)
            {
                if (seated)
                {
                    throw new IllegalStateException("customer " + served.id() + " sat in the barber's chair twice");
                }
                seated = true;
            }
            else if (message == DONE)
            {
                if (!seated)
                {
                    throw new IllegalStateException("customer " + served.id() + "'s haircut ended before it began");
                }
                done = true;
                factory.tell(served);
                leaveOnceBoth();
            }
            else if (message == WAIT)
            {
                // seated in the room
                heardFromRoom = true;
                leaveOnceBoth();
            }
        }

        /** The customer stops once the room's word and the barber's DONE have both come, in either order. */
        private void leaveOnceBoth()
        {
            if (done && heardFromRoom)
            {
                self.stop();
            }
        }
    }

    private static final class Room implements Actor<Object>
    {
        private final int chairs;
        private final ActorRuntime.Address self;
        private final ActorRuntime.Address barber;
        private final ArrayDeque<Enter> waiting = new ArrayDeque<>();
        private boolean barberAsleep = true;
        private boolean closing;
        private ActorRuntime.Address factory;

        Room(final int chairs, final ActorRuntime.Address self, final ActorRuntime.Address barber)
        {
            this.chairs = chairs;
            this.self = self;
            this.barber = barber;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Enter enter)
            {
                if (waiting.size() == chairs)
                {
                    enter.customer().tell(FULL);
                    return;
                }
                waiting.add(enter);
                // every seated customer hears from the room, woken barber or not: the barber's DONE may reach the
                // customer before this (two senders, no order between them), and the customer leaves once it has both
                enter.customer().tell(WAIT);
                if (barberAsleep)
                {
                    barberAsleep = false;
                    self.tell(NEXT);
                }
            }
            else if (message == NEXT)
            {
                final Enter next = waiting.poll();
                if (next != null)
                {
                    barber.tell(next);
                }
                else if (!closing)
                {
                    barber.tell(SLEEP);
                    barberAsleep = true;
                }
            }
            else if (message instanceof Exit exit)
            {
                // the barber's last NEXT reaches the room before its answer to the exit, and finds no one
                closing = true;
                factory = exit.factory();
                barber.tell(exit);
            }
            else if (message instanceof BarberLeft left)
            {
                factory.tell(left);
            }
        }
    }

    private static final class Barber implements Actor<Object>
    {
        private final int haircutRate;
        private final ActorRuntime.Address[] room;
        private final SplittableRandom random = new SplittableRandom(2);
        private long haircuts;
        private double work;

        Barber(final int haircutRate, final ActorRuntime.Address[] room)
        {
            this.haircutRate = haircutRate;
            this.room = room;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Enter enter)
            {
                enter.customer().tell(SIT_DOWN);
                work += Work.busyWait(random.nextInt(haircutRate) + 10);
                enter.customer().tell(DONE);
                haircuts++;
                room[0].tell(NEXT);
            }
            else if (message instanceof Exit)
            {
                room[0].tell(new BarberLeft(haircuts));
            }
            // SLEEP: nothing to do until the room sends a customer
        }
    }
}
