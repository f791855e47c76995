package com.example.heartbeat;

import io.hotpath.ActorRef;
import io.hotpath.testkit.ActorTestKit;
import io.hotpath.testkit.TestProbe;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The monitor on Hotpath's test kit: seconds of silence pass in virtual time, and no test sleeps. */
class HeartbeatMonitorTest
{
    @Test
    void aPeerThatKeepsBeatingIsNeverDown()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final TestProbe<String> listener = kit.probe();
            final ActorRef<HeartbeatMonitor.Event> monitor =
                HeartbeatMonitor.spawn(kit.engine(), "peer-a", Duration.ofSeconds(3), listener.ref());
            for (int i = 0; i < 10; i++)
            {
                kit.advance(Duration.ofSeconds(2));
                monitor.tell(new HeartbeatMonitor.Heartbeat());
            }
            listener.expectNoMessage(Duration.ofSeconds(2));
        }
    }

    @Test
    void aSilentPeerIsDownOnceAfterTheAllowedSilenceAndUpAtItsNextBeat()
    {
        try (ActorTestKit kit = ActorTestKit.start())
        {
            final TestProbe<String> listener = kit.probe();
            final ActorRef<HeartbeatMonitor.Event> monitor =
                HeartbeatMonitor.spawn(kit.engine(), "peer-b", Duration.ofSeconds(3), listener.ref());
            monitor.tell(new HeartbeatMonitor.Heartbeat());
            listener.expectNoMessage(Duration.ofMillis(2_990));
            listener.expectMessage(Duration.ofMillis(20), "peer-b is down");
            listener.expectNoMessage(Duration.ofSeconds(30));
            monitor.tell(new HeartbeatMonitor.Heartbeat());
            listener.expectMessage("peer-b is up");
            kit.faults().expectNone();
            assertEquals(0, kit.deadLetters().all().size());
        }
    }
}
