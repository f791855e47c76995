package io.hotpath.examples.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster example end to end: three member processes, the client's transfers, the leader killed with kill -9 and
 * started again; the bank still holds exactly what was deposited, and the members' directories are gone.
 */
class ClusterDemoTest
{
    @Test
    void theMoneyIsAllThereAfterTheLeaderWasKilled(@TempDir final Path tmp) throws Exception
    {
        final Path dir = tmp.resolve("bank");
        final ClusterDemo.Report report = ClusterDemo.run(dir, 600, false);
        assertThat(report.total()).isEqualTo(10 * 1_000L);
        assertThat(report.killedLeader()).isBetween(0, 2);
        assertThat(Files.exists(dir)).isFalse();
    }
}
