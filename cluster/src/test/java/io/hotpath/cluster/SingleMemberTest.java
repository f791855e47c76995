package io.hotpath.cluster;

import io.aeron.cluster.ClusterTool;
import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.ReplyException;
import io.hotpath.remote.Codecs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A one-member cluster in this JVM and a client on an engine: the client's ActorRef tells and asks clustered actors,
 * actors' exceptions and bad input come back as clear errors, cluster timers deliver in log order, and a member
 * restarted from its snapshot and its log is in the same state.
 */
class SingleMemberTest
{
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final LinkedBlockingQueue<Long> snapshots = new LinkedBlockingQueue<>();
    private final ServiceListener listener = new ServiceListener()
    {
        @Override
        public void onSnapshot(final long logPosition, final long crc32)
        {
            snapshots.add(crc32);
        }
    };
    private Path dir;
    private ClusterMembers members;
    private ClusterMember member;
    private Engine engine;
    private ClusterClient client;

    @BeforeEach
    void start()
    {
        dir = TestPlaces.dir("single");
        members = ClusterMembers.loopback(1, TestPlaces.freeBasePort(1));
        member = launch();
        engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").jmx(false).build());
        client = ClusterClient.connect(ClusterClientConfig.defaults(Ledger.codecs(), members)
            .withDriverDir(TestPlaces.driverDir(dir.resolve("client"))), engine);
    }

    private ClusterMember launch()
    {
        return ClusterMember.builder(members, 0).dir(dir.resolve("member-0"))
            .driverDir(TestPlaces.driverDir(dir.resolve("member-0"))).idle("backoff")
            .launch(Ledger.service(listener));
    }

    @AfterEach
    void stop()
    {
        if (client != null)
        {
            client.close();
        }
        if (engine != null)
        {
            engine.close();
        }
        if (member != null)
        {
            member.close();
        }
        TestPlaces.delete(dir);
    }

    @Test
    void tellsAndAsksReachTheClusteredActorInOrder()
    {
        final ActorRef<Ledger.Message> ledger = client.actor("ledger");
        for (long n = 1; n <= 500; n++)
        {
            ledger.tell(new Ledger.Entry(n));
        }
        final Long count = ledger.<Long>ask(new Ledger.Entry(501)).get(WAIT);
        assertThat(count).isEqualTo(501L);
        final Ledger.State state = ledger.<Ledger.State>ask(new Ledger.Query()).get(WAIT);
        assertThat(state.count()).isEqualTo(501);
        assertThat(state.sum()).isEqualTo(501L * 502 / 2);
        assertThat(state.duplicates()).isZero();
    }

    @Test
    void anActorsExceptionFailsTheAskWithItsClassAndMessage()
    {
        final ActorRef<Ledger.Message> ledger = client.actor("ledger");
        assertThatThrownBy(() -> ledger.ask(new Ledger.Boom("no such account 7")).get(WAIT))
            .isInstanceOf(ReplyException.class)
            .cause().isInstanceOf(ClusterActorException.class)
            .hasMessage("clustered actor 'ledger@cluster' threw java.lang.IllegalArgumentException: no such " +
                "account 7");
        assertThat(ledger.<Long>ask(new Ledger.Entry(1)).get(WAIT)).isEqualTo(1L);   // the actor goes on
    }

    @Test
    void anUnknownActorIsNamedWithTheServicesActors()
    {
        assertThatThrownBy(() -> client.actor("ledgr"))
            .isInstanceOf(ClusterRejectedException.class)
            .hasMessage("the cluster hosts no actor named 'ledgr'; its actors are [ledger, other]");
    }

    @Test
    void aMessageWithoutACodecIsRefusedOnTheClientOrRejectedByTheService()
    {
        final ActorRef<Object> ledger = client.actor("ledger");
        assertThatThrownBy(() -> ledger.tell(new Object()))
            .isInstanceOf(ClusterRejectedException.class)
            .hasMessageStartingWith("no codec for java.lang.Object on this client");

        // the client knows a type the service does not: the service says so
        final ClusterClientConfig wider = ClusterClientConfig.defaults(Codecs.builder()
            .addShared(100, Ledger.Message.class, new Ledger.MessageCodec())
            .addShared(101, Ledger.State.class, new Ledger.StateCodec())
            .addShared(150, Wide.class, new WideCodec())
            .build(), members).withDriverDir(TestPlaces.driverDir(dir.resolve("client-wide")));
        try (ClusterClient wide = ClusterClient.connect(wider, engine))
        {
            final ActorRef<Object> viaWide = wide.actor("ledger");
            assertThatThrownBy(() -> viaWide.ask(new Wide()).get(WAIT))
                .isInstanceOf(ReplyException.class)
                .cause().isInstanceOf(ClusterRejectedException.class)
                .hasMessage("the service has no codec for type id 150 (a message for clustered actor 'ledger'): " +
                    "register the same codecs in the service and the client");
        }
    }

    @Test
    void whatWouldBreakDeterminismFailsWithAClearError()
    {
        final ActorRef<Ledger.Message> ledger = client.actor("ledger");
        assertThatThrownBy(() -> ledger.ask(new Ledger.Spawn()).get(WAIT))
            .cause().isInstanceOf(ClusterActorException.class)
            .hasMessageContaining("threw java.lang.UnsupportedOperationException: clustered actor 'ledger' tried " +
                "to spawn 'child'");
        assertThatThrownBy(() -> ledger.ask(new Ledger.Block()).get(WAIT))
            .cause().isInstanceOf(ClusterActorException.class)
            .hasMessageContaining("threw java.lang.IllegalStateException: Reply.get blocks, and a worker must " +
                "never block");
    }

    @Test
    void clusterTimersDeliverInLogOrder()
    {
        final ActorRef<Ledger.Message> ledger = client.actor("ledger");
        ledger.tell(new Ledger.Later(7, 100));
        assertThat(ledger.<Long>ask(new Ledger.Entry(1)).get(WAIT)).isEqualTo(1L);
        final long deadlineNs = System.nanoTime() + WAIT.toNanos();
        Ledger.State state;
        do
        {
            state = ledger.<Ledger.State>ask(new Ledger.Query()).get(WAIT);
        }
        while (!state.bits().get(7) && System.nanoTime() - deadlineNs < 0);
        assertThat(state.bits().get(7)).as("the timer's entry was applied").isTrue();
        assertThat(state.count()).isEqualTo(2);
    }

    @Test
    void aMemberRestartedFromItsSnapshotAndLogHasTheSameState() throws InterruptedException
    {
        ActorRef<Ledger.Message> ledger = client.actor("ledger");
        for (long n = 1; n <= 200; n++)
        {
            ledger.tell(new Ledger.Entry(n));
        }
        ledger.tell(new Ledger.Later(1000, 60_000));   // a timer pending across the restart
        final Ledger.State before = ledger.<Ledger.State>ask(new Ledger.Query()).get(WAIT);
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ClusterTool.snapshot(member.clusterDir(), new PrintStream(out, true, StandardCharsets.UTF_8)))
            .as(out.toString(StandardCharsets.UTF_8)).isTrue();
        final Long crc = snapshots.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(crc).isNotNull();
        for (long n = 201; n <= 250; n++)   // after the snapshot: replayed from the log
        {
            ledger.tell(new Ledger.Entry(n));
        }
        final Ledger.State later = ledger.<Ledger.State>ask(new Ledger.Query()).get(WAIT);
        assertThat(later.count()).isEqualTo(before.count() + 50);

        client.close();
        member.close();
        member = launch();
        client = ClusterClient.connect(ClusterClientConfig.defaults(Ledger.codecs(), members)
            .withDriverDir(TestPlaces.driverDir(dir.resolve("client-2"))), engine);
        ledger = client.actor("ledger");
        assertThat(ledger.<Ledger.State>ask(new Ledger.Query()).get(WAIT)).isEqualTo(later);
    }

    @Test
    void aNumberAppliedOnceIsNotAppliedAgainAndItsAskSaysSo()
    {
        final ActorRef<Ledger.Message> ledger = client.actor("ledger");   // sequence 1
        assertThat(ledger.<Long>ask(new Ledger.Entry(10)).get(WAIT)).isEqualTo(1L);   // sequence 2
        ledger.tell(new Ledger.Entry(11));   // sequence 3

        // a client under the same id sends its numbers 1 to 3 again, as a client does to a new leader
        final ClusterClientConfig same = ClusterClientConfig.defaults(Ledger.codecs(), members)
            .withClientId(client.clientId())
            .withDriverDir(TestPlaces.driverDir(dir.resolve("client-again")));
        try (ClusterClient again = ClusterClient.connect(same, engine))
        {
            final ActorRef<Ledger.Message> copy = again.actor("ledger");   // 1: a resolve, answered again
            assertThatThrownBy(() -> copy.ask(new Ledger.Entry(20)).get(WAIT))   // 2: applied already
                .cause().isInstanceOf(AnswerLostException.class)
                .hasMessage("ask 2 to clustered actor 'ledger@cluster' was applied once, but its answer was lost " +
                    "with the leader that sent it");
            copy.tell(new Ledger.Entry(21));   // 3: applied already, dropped
            assertThat(copy.<Ledger.State>ask(new Ledger.Query()).get(WAIT))   // 4: new
                .extracting(Ledger.State::count, Ledger.State::duplicates).containsExactly(2L, 0L);
        }
    }

    @Test
    void sendsBeyondTheResendCapacityFailWhileTheClusterIsAway()
    {
        final ClusterClientConfig small = ClusterClientConfig.defaults(Ledger.codecs(), members)
            .withResendCapacity(4096).withAskTimeout(Duration.ofSeconds(30))
            .withDriverDir(TestPlaces.driverDir(dir.resolve("small")));
        try (ClusterClient smallClient = ClusterClient.connect(small, engine))
        {
            final ActorRef<Ledger.Message> ledger = smallClient.actor("ledger");
            member.close();   // nothing acknowledges from now on
            member = null;
            final long before = engine.deadLetters().count(io.hotpath.DeadLetterReason.QUEUE_FULL);
            for (long n = 1; n <= 200; n++)
            {
                ledger.tell(new Ledger.Entry(n));
            }
            assertThatThrownBy(() -> ledger.ask(new Ledger.Entry(201)).get(WAIT))
                .cause().isInstanceOf(io.hotpath.QueueFullException.class)
                .hasMessageContaining("4096 bytes of messages wait for the cluster's acknowledgement " +
                    "(resendCapacity)");
            assertThat(engine.deadLetters().count(io.hotpath.DeadLetterReason.QUEUE_FULL) - before)
                .as("tells counted as dead letters").isPositive();
        }
    }

    /** A message only the wide client has a codec for. */
    record Wide()
    {
    }

    /** Writes nothing. */
    static final class WideCodec implements io.hotpath.remote.Codec<Wide>
    {
        @Override
        public int encodedLength(final Wide message)
        {
            return 0;
        }

        @Override
        public int encode(final Wide message, final org.agrona.MutableDirectBuffer buffer, final int offset)
        {
            return 0;
        }

        @Override
        public Wide decode(final org.agrona.DirectBuffer buffer, final int offset, final int length)
        {
            return new Wide();
        }
    }
}
