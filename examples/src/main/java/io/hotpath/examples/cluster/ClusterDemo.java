package io.hotpath.examples.cluster;

import io.hotpath.ActorRef;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import io.hotpath.ReplyException;
import io.hotpath.cluster.ClusterActorException;
import io.hotpath.cluster.ClusterClient;
import io.hotpath.cluster.ClusterClientConfig;
import io.hotpath.cluster.ClusterMember;
import io.hotpath.cluster.ClusterMembers;
import io.hotpath.cluster.ServiceListener;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * A replicated bank on a three-member cluster on this machine: three member processes, a client that deposits into
 * ten accounts and moves money between them, and the leader killed with kill -9 halfway and started again. At the end
 * the money is all there, on every member. Modes: no argument (or a directory) runs the whole demo; {@code member ID
 * BASE_PORT DIR} runs one member until stdin ends or says {@code exit}; {@code client BASE_PORT [TRANSFERS]} runs the
 * client against members started by hand. Main thread only.
 */
public final class ClusterDemo
{
    private static final String FLAG = "java.base/jdk.internal.misc=ALL-UNNAMED";
    private static final int MEMBERS = 3;
    private static final long OPENING_BALANCE = 1_000;
    private static final Duration WAIT = Duration.ofSeconds(30);

    /**
     * What a run did.
     *
     * @param transfers    transfers sent.
     * @param refused      asked transfers the bank refused (too little money).
     * @param killedLeader the member killed.
     * @param total        the bank's total at the end.
     */
    public record Report(int transfers, int refused, int killedLeader, long total)
    {
    }

    private ClusterDemo()
    {
    }

    /**
     * @param args none, a directory, {@code member ID BASE_PORT DIR} or {@code client BASE_PORT [TRANSFERS]}.
     * @throws Exception what the demo throws.
     */
    public static void main(final String[] args) throws Exception
    {
        if (!Object.class.getModule().isOpen("jdk.internal.misc", ClusterDemo.class.getModule()))
        {
            System.exit(relaunchWithFlag(args));
        }
        if (args.length > 0 && args[0].equals("member"))
        {
            member(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Path.of(args[3]));
        }
        else if (args.length > 0 && args[0].equals("client"))
        {
            client(Integer.parseInt(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 1_000);
        }
        else
        {
            final Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("hotpath-cluster-demo-");
            run(dir, 2_000, true);
        }
    }

    /** Aeron needs the flag: start this same demo again in a JVM that has it. */
    private static int relaunchWithFlag(final String[] args) throws IOException, InterruptedException
    {
        System.out.println("Aeron needs --add-opens " + FLAG + "; starting the demo again with it");
        final List<String> command = new ArrayList<>(List.of(javaCommand(), "--add-opens", FLAG, "-cp",
            System.getProperty("java.class.path"), ClusterDemo.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    private static String javaCommand()
    {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The whole demo: three member processes, the client here, a kill -9 of the leader and its restart.
     *
     * @param dir       the members' directories go under it; deleted at the end.
     * @param transfers how many transfers to send.
     * @param print     print what happens.
     * @return what the run did.
     * @throws Exception when a member does not start, or the cluster does not answer in time.
     */
    public static Report run(final Path dir, final int transfers, final boolean print) throws Exception
    {
        final int basePort = freeBasePort();
        final ClusterMembers members = ClusterMembers.loopback(MEMBERS, basePort);
        final MemberProcess[] processes = new MemberProcess[MEMBERS];
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").jmx(false).build()))
        {
            for (int i = 0; i < MEMBERS; i++)
            {
                processes[i] = MemberProcess.start(i, basePort, dir.resolve("member-" + i));
            }
            say(print, "three members started on loopback ports from " + basePort + ", directories under " + dir);
            try (ClusterClient client = ClusterClient.connect(ClusterClientConfig.defaults(ReplicatedBank.codecs(),
                members).withDriverDir(dir.resolve("client")), engine))
            {
                final ActorRef<ReplicatedBank.Command> bank = client.actor("bank");
                for (int account = 0; account < ReplicatedBank.ACCOUNTS; account++)
                {
                    bank.<Long>ask(new ReplicatedBank.Deposit(account, OPENING_BALANCE)).get(WAIT);
                }
                final Random random = new Random(7);
                int refused = 0;
                int killed = -1;
                for (int i = 1; i <= transfers; i++)
                {
                    if (i == transfers / 3)
                    {
                        killed = leader(processes).memberId;
                        processes[killed].kill();
                        say(print, "transfer " + i + ": kill -9 the leader, member " + killed);
                    }
                    if (i == 2 * transfers / 3)
                    {
                        say(print, "transfer " + i + ": member " + killed + " starts again on its directory and " +
                            "catches up; the leader now is member " + leader(processes).memberId);
                        processes[killed] = MemberProcess.start(killed, basePort, dir.resolve("member-" + killed));
                    }
                    final ReplicatedBank.Transfer transfer = new ReplicatedBank.Transfer(
                        random.nextInt(ReplicatedBank.ACCOUNTS), random.nextInt(ReplicatedBank.ACCOUNTS),
                        1 + random.nextInt(300));
                    if (i % 10 == 0)
                    {
                        try
                        {
                            bank.<Long>ask(transfer).get(WAIT);
                        }
                        catch (final ReplyException ex)
                        {
                            if (!(ex.getCause() instanceof ClusterActorException))
                            {
                                throw ex;
                            }
                            refused++;
                        }
                    }
                    else
                    {
                        bank.tell(transfer);
                    }
                }
                final long total = bank.<Long>ask(new ReplicatedBank.Total()).get(WAIT);
                say(print, transfers + " transfers sent (every tenth asked, " + refused + " of those refused for " +
                    "want of money); the bank holds " + total + ", as deposited: " +
                    (total == OPENING_BALANCE * ReplicatedBank.ACCOUNTS));
                return new Report(transfers, refused, killed, total);
            }
        }
        finally
        {
            for (final MemberProcess process : processes)
            {
                if (process != null)
                {
                    process.close();
                }
            }
            deleteTree(dir);
        }
    }

    private static MemberProcess leader(final MemberProcess[] processes) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() - deadlineNs < 0)
        {
            for (final MemberProcess process : processes)
            {
                if (process != null && process.isLeader())
                {
                    return process;
                }
            }
            Thread.sleep(20);
        }
        throw new IllegalStateException("no leader elected within " + WAIT);
    }

    /** One member in this process, until stdin says exit or ends; prints READY and its roles. */
    private static void member(final int memberId, final int basePort, final Path dir) throws IOException
    {
        final ServiceListener listener = new ServiceListener()
        {
            @Override
            public void onRoleChange(final String role)
            {
                System.out.println("ROLE " + role);
            }
        };
        try (ClusterMember member = ClusterMember.builder(ClusterMembers.loopback(MEMBERS, basePort), memberId)
            .dir(dir).leaderHeartbeatTimeout(Duration.ofSeconds(2)).launch(ReplicatedBank.service(listener)))
        {
            System.out.println("READY member " + member.memberId());
            final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            do
            {
                line = in.readLine();
            }
            while (line != null && !line.equals("exit"));
        }
    }

    /** The client alone, against members started by hand on loopback from that base port. */
    private static void client(final int basePort, final int transfers)
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).idle("backoff").jmx(false).build());
            ClusterClient client = ClusterClient.connect(ClusterClientConfig.defaults(ReplicatedBank.codecs(),
                ClusterMembers.loopback(MEMBERS, basePort)), engine))
        {
            final ActorRef<ReplicatedBank.Command> bank = client.actor("bank");
            bank.<Long>ask(new ReplicatedBank.Deposit(0, OPENING_BALANCE)).get(WAIT);
            for (int i = 0; i < transfers; i++)
            {
                bank.tell(new ReplicatedBank.Transfer(0, 1 + i % (ReplicatedBank.ACCOUNTS - 1), 1));
            }
            System.out.println("the bank holds " + bank.<Long>ask(new ReplicatedBank.Total()).get(WAIT));
        }
    }

    private static void say(final boolean print, final String line)
    {
        if (print)
        {
            System.out.println(line);
        }
    }

    private static int freeBasePort()
    {
        final int span = MEMBERS * ClusterMembers.PORTS_PER_MEMBER;
        for (int attempt = 0; attempt < 200; attempt++)
        {
            final int base = 20_000 + ThreadLocalRandom.current().nextInt(30_000 / span) * span;
            boolean free = true;
            for (int port = base; port < base + span && free; port++)
            {
                try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                    port)))
                {
                    free = socket.isBound();
                }
                catch (final IOException taken)
                {
                    free = false;
                }
            }
            if (free)
            {
                return base;
            }
        }
        throw new IllegalStateException("no " + span + " free loopback ports found");
    }

    private static void deleteTree(final Path dir) throws IOException
    {
        if (Files.exists(dir))
        {
            try (Stream<Path> paths = Files.walk(dir))
            {
                for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
                {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /** A member in a process of its own: this demo's {@code member} mode. */
    private static final class MemberProcess
    {
        final int memberId;
        private final Process process;
        private volatile String role = "";

        private MemberProcess(final int memberId, final Process process)
        {
            this.memberId = memberId;
            this.process = process;
        }

        static MemberProcess start(final int memberId, final int basePort, final Path dir) throws IOException
        {
            final Process process = new ProcessBuilder(javaCommand(), "-Xmx192m", "-XX:+UseSerialGC", "--add-opens",
                FLAG, "-cp", System.getProperty("java.class.path"), ClusterDemo.class.getName(), "member",
                String.valueOf(memberId), String.valueOf(basePort), dir.toString()).redirectErrorStream(true).start();
            final MemberProcess member = new MemberProcess(memberId, process);
            final BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
            final StringBuilder said = new StringBuilder();
            String line;
            while ((line = out.readLine()) != null && !line.startsWith("READY"))
            {
                said.append(line).append('\n');
            }
            if (line == null)
            {
                throw new IllegalStateException("member " + memberId + " did not start:\n" + said);
            }
            final Thread reader = new Thread(() -> member.follow(out), "member-" + memberId + "-out");
            reader.setDaemon(true);
            reader.start();
            return member;
        }

        private void follow(final BufferedReader out)
        {
            try
            {
                String line;
                while ((line = out.readLine()) != null)
                {
                    if (line.startsWith("ROLE "))
                    {
                        role = line.substring(5);
                    }
                }
            }
            catch (final IOException ended)
            {
                role = "";
            }
        }

        boolean isLeader()
        {
            return process.isAlive() && role.equals("LEADER");
        }

        void kill() throws InterruptedException
        {
            process.destroyForcibly().waitFor();
        }

        void close() throws InterruptedException
        {
            if (process.isAlive())
            {
                try
                {
                    process.getOutputStream().write("exit\n".getBytes(StandardCharsets.UTF_8));
                    process.getOutputStream().flush();
                }
                catch (final IOException gone)
                {
                    // it ended meanwhile
                }
                if (!process.waitFor(20, java.util.concurrent.TimeUnit.SECONDS))
                {
                    kill();
                }
            }
        }
    }
}
