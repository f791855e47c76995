package io.hotpath;

import io.hotpath.observe.LogCapture;
import org.junit.jupiter.api.Test;

import java.util.logging.LogRecord;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker never writes a log line itself (a logging framework may block or take locks): what it logs is written by
 * the engine's log thread.
 */
class WorkerLogsTest
{
    @Test
    void aFaultOnAWorkerIsLoggedByTheLogThreadNotByTheWorker() throws Exception
    {
        try (LogCapture faults = new LogCapture("io.hotpath.faults");
             Engine engine = Engine.start(EngineConfig.builder().workers(1).jmx(false).build()))
        {
            final ActorRef<String> thrower = engine.spawn("thrower", (ActorContext<String> ctx) -> (String m) ->
            {
                throw new IllegalStateException("logged elsewhere");
            });
            thrower.tell("boom");
            TestEngines.await("the fault is logged", () -> !faults.containing("actor 'thrower' threw").isEmpty());
            final LogRecord record = faults.containing("actor 'thrower' threw").getFirst();
            final Thread writer = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("hp-log")).findFirst().orElseThrow();
            assertThat(record.getLongThreadID()).isEqualTo(writer.threadId());
            assertThat(record.getThrown()).hasMessage("logged elsewhere");
        }
    }
}
