package io.hotpath.cluster;

import io.hotpath.remote.Codecs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a service, a member or a client refuses before anything runs, each with a message that says what is wrong and
 * how to fix it.
 */
class BadInputTest
{
    @Test
    void anActorWhoseStateHasNoCodecIsRefusedAtRegistration()
    {
        assertThatThrownBy(() -> ActorService.builder(Codecs.standard()).actor("ledger", Ledger.State.class,
            Ledger::new))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("clustered actor 'ledger' has state type io.hotpath.cluster.Ledger$State, for which the " +
                "codecs hold no codec: its state is written into snapshots with it; register one with " +
                "Codecs.builder().add(typeId, State.class, ...)");
    }

    @Test
    void aNameIsTakenOnceAndTheServicesOwnNameIsReserved()
    {
        final ActorService.Builder builder = ActorService.builder(Ledger.codecs())
            .actor("ledger", Ledger.State.class, Ledger::new);
        assertThatThrownBy(() -> builder.actor("ledger", Ledger.State.class, Ledger::new))
            .hasMessage("clustered actor name 'ledger' is taken: each actor once");
        assertThatThrownBy(() -> builder.actor(ActorService.DOOR, Ledger.State.class, Ledger::new))
            .hasMessage("clustered actor name 'hotpath-cluster-door' is reserved by the service: each actor once");
        assertThatThrownBy(() -> ActorService.builder(Ledger.codecs()).build())
            .hasMessageStartingWith("a clustered actor service needs at least one actor");
    }

    @Test
    void membersAndClientSettingsAreChecked()
    {
        assertThatThrownBy(() -> ClusterMembers.loopback(3, 65530))
            .hasMessage("loopback members: count 3 from port 65530 do not fit in 1 to 65535 (10 ports each)");
        assertThatThrownBy(() -> ClusterMember.builder(ClusterMembers.loopback(3, 20000), 3))
            .hasMessage("no cluster member 3: the ids are 0 to 2");
        assertThatThrownBy(() -> ClusterMember.builder(ClusterMembers.loopback(1, 20000), 0).idle("spin"))
            .hasMessage("idle strategy 'spin' is not one of backoff, busy-spin, yield, sleep");
        assertThatThrownBy(() -> ClusterMember.builder(ClusterMembers.loopback(1, 20000), 0).termLength(100_000))
            .hasMessage("termLength 100000 is not a power of two from 65536 to 1 GiB");
        assertThatThrownBy(() -> ClusterMember.builder(ClusterMembers.loopback(1, 20000), 0)
            .launch(Ledger.service(new ServiceListener()
            {
            })))
            .hasMessage("cluster member 0 needs a directory: dir(path)");
        assertThatThrownBy(() -> ClusterClientConfig.defaults(Ledger.codecs(), ClusterMembers.loopback(1, 20000))
            .withResendCapacity(5000))
            .hasMessage("cluster client resendCapacity 5000 is not a power of two of at least 4096");
    }

    @Test
    void aMemberWithoutAeronsFlagFailsNamingIt() throws IOException, InterruptedException
    {
        final Path dir = TestPlaces.dir("noflag");
        try
        {
            final List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of("-Xmx64m", "-cp", System.getProperty("java.class.path"),
                MemberMain.class.getName(), "0", "1", "20000", dir.toString(), "1000",
                dir.resolve("aeron").toString()));
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.exitValue()).isNotZero();
            assertThat(output).contains("a clustered actor service needs the JVM flag --add-opens " +
                "java.base/jdk.internal.misc=ALL-UNNAMED");
        }
        finally
        {
            TestPlaces.delete(dir);
        }
    }
}
