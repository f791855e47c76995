package io.hotpath.bench.savina;

import io.hotpath.Actor;

import java.util.concurrent.CompletableFuture;

/**
 * Savina Chameneos: C chameneos ask a mall to meet; the mall pairs them until N meetings have taken place, then
 * sends each one away and adds up the meetings they report, which must be 2N (each meeting has two sides).
 * Immutable.
 *
 * @param chameneos C (Savina default 100).
 * @param meetings  N (Savina default 200,000).
 */
public record Chameneos(int chameneos, int meetings) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final Chameneos DEFAULT = new Chameneos(100, 200_000);

    private static final Object START = "start";
    private static final Object EXIT = "exit";

    @Override
    public String name()
    {
        return "Chameneos";
    }

    @Override
    public Family family()
    {
        return Family.MICRO;
    }

    @Override
    public String parameters()
    {
        return "C=" + chameneos + " N=" + meetings;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address mall = runtime.spawn(self -> new Mall(meetings, chameneos, done));
        final ActorRuntime.Address[] all = new ActorRuntime.Address[chameneos];
        for (int i = 0; i < chameneos; i++)
        {
            final Colour colour = Colour.values()[i % 3];
            all[i] = runtime.spawn(self -> new Chameneo(self, mall, colour));
        }
        for (final ActorRuntime.Address chameneo : all)
        {
            chameneo.tell(START);
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(2L * meetings, result, "meetings reported");
    }

    /** The colours; FADED is a chameneo's colour once it has left. */
    enum Colour
    {
        BLUE, RED, YELLOW, FADED;

        /** Savina's rule: two of a colour stay it; two different colours both become the third. */
        Colour complement(final Colour other)
        {
            if (this == FADED || other == FADED)
            {
                throw new IllegalStateException("a faded chameneo cannot meet: " + this + " and " + other);
            }
            if (this == other)
            {
                return this;
            }
            return switch (this)
            {
                case BLUE -> other == RED ? YELLOW : RED;
                case RED -> other == BLUE ? YELLOW : BLUE;
                default -> other == BLUE ? RED : BLUE;
            };
        }
    }

    /**
     * A chameneo's request to meet, re-used by its owner: the owner sends it again only after its previous use is
     * over (a change message came back, or the mall kept just the sender's address).
     */
    private static final class Meet
    {
        final ActorRuntime.Address sender;
        Colour colour;

        Meet(final ActorRuntime.Address sender, final Colour colour)
        {
            this.sender = sender;
            this.colour = colour;
        }
    }

    /** The colour a met chameneo takes; immutable, one per colour. */
    private record Change(Colour colour)
    {
        static final Change[] BY_COLOUR = {
            new Change(Colour.BLUE), new Change(Colour.RED), new Change(Colour.YELLOW), new Change(Colour.FADED)};
    }

    /** A chameneo's meetings, sent to the mall when it leaves. */
    private record Report(long meetings)
    {
    }

    private static final class Mall implements Actor<Object>
    {
        private final int chameneos;
        private final CompletableFuture<Long> done;
        private int meetingsLeft;
        private ActorRuntime.Address waiting;
        private long reported;
        private int faded;

        Mall(final int meetings, final int chameneos, final CompletableFuture<Long> done)
        {
            this.meetingsLeft = meetings;
            this.chameneos = chameneos;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Meet meet)
            {
                if (meetingsLeft == 0)
                {
                    meet.sender.tell(EXIT);
                }
                else if (waiting == null)
                {
                    waiting = meet.sender;
                }
                else
                {
                    meetingsLeft--;
                    waiting.tell(meet);
                    waiting = null;
                }
            }
            else if (message instanceof Report report)
            {
                reported += report.meetings();
                if (++faded == chameneos)
                {
                    done.complete(reported);
                }
            }
        }
    }

    private static final class Chameneo implements Actor<Object>
    {
        private final ActorRuntime.Address mall;
        private final Meet meet;
        private Colour colour;
        private long meetings;

        Chameneo(final ActorRuntime.Address self, final ActorRuntime.Address mall, final Colour colour)
        {
            this.mall = mall;
            this.colour = colour;
            this.meet = new Meet(self, colour);
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof Meet other)
            {
                colour = colour.complement(other.colour);
                meetings++;
                other.sender.tell(Change.BY_COLOUR[colour.ordinal()]);
                askToMeet();
            }
            else if (message instanceof Change change)
            {
                colour = change.colour();
                meetings++;
                askToMeet();
            }
            else if (message == START)
            {
                askToMeet();
            }
            else if (message == EXIT)
            {
                colour = Colour.FADED;
                mall.tell(new Report(meetings));
            }
        }

        private void askToMeet()
        {
            meet.colour = colour;
            mall.tell(meet);
        }
    }
}
