package io.hotpath.bench.remote;

import io.aeron.logbuffer.FragmentHandler;
import io.hotpath.bench.impl.BenchImpl;
import io.hotpath.bench.impl.RunContext;
import io.hotpath.bench.impl.Trial;
import io.hotpath.bench.measure.Probe;
import io.hotpath.bench.measure.ProbeSender;
import io.hotpath.bench.scenario.Scenario;
import io.hotpath.bench.scenario.ScenarioKind;

import java.util.concurrent.TimeUnit;

/**
 * The floor of the remote rows as a row of its own: raw Aeron ({@link RawAeron}), two threads busy-spinning on its
 * two sides, with the media drivers in INVOKER mode run from the same loops. The paired {@code hotpath-remote} rows
 * run the same sides in slices on their workers; this row shows raw Aeron alone, its level read before and after as
 * for a row that is not paired. Used by the driver thread.
 */
public final class AeronRawBench implements BenchImpl
{
    /** How long a ping waits for its echo before the row fails (an echo lost for good, not a slow one). */
    private static final long ECHO_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    @Override
    public String name()
    {
        return "aeron-raw";
    }

    @Override
    public boolean supports(final Scenario scenario, final RunContext context)
    {
        // a -worker0 row differs from its twin in where the nodes run their control only: raw Aeron has none
        return scenario.remote() && scenario.kind() != ScenarioKind.CLUSTER_ROUND_TRIP &&
            !RemoteSetup.onWorker0(scenario);
    }

    @Override
    public boolean alternatesWithFloor(final Scenario scenario)
    {
        return false;
    }

    @Override
    public Trial start(final Scenario scenario, final RunContext context, final Probe probe)
    {
        final RemoteSetup.Teardown teardown = new RemoteSetup.Teardown();
        try
        {
            // closed once the threads that run it have stopped
            final RawAeron raw = teardown.add(RawAeron.connect(RemoteSetup.ipc(scenario)));
            if (scenario.kind() == ScenarioKind.REMOTE_BLAST)
            {
                blast(raw.a(), raw.b(), probe, teardown);
            }
            else
            {
                pingPong(raw.a(), raw.b(), probe, teardown);
            }
            return teardown;
        }
        catch (final RuntimeException ex)
        {
            teardown.close();
            throw ex;
        }
    }

    private static void pingPong(final RawSide a, final RawSide b, final Probe probe,
        final RemoteSetup.Teardown teardown)
    {
        final ProbeSender sender = probe.newSender();
        final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
        final long[] sequence = new long[1];
        teardown.add(new RemoteSetup.BusyThread("aeron-ping", () ->
        {
            if (stop.now())
            {
                a.duty();
                return;
            }
            sender.sent();
            if (a.roundTrip(++sequence[0], ECHO_TIMEOUT_NS) < 0)
            {
                throw new IllegalStateException("raw Aeron's echo of ping " + sequence[0] + " did not arrive within " +
                    TimeUnit.NANOSECONDS.toSeconds(ECHO_TIMEOUT_NS) + " s");
            }
            probe.onRoundTrip(a.pongStampNs(), a.pongEndNs(), a.answeredBy(), Thread.currentThread().threadId());
        })).start();
        teardown.add(new RemoteSetup.BusyThread("aeron-pong", b::echoRound)).start();
    }

    private static void blast(final RawSide a, final RawSide b, final Probe probe, final RemoteSetup.Teardown teardown)
    {
        final ProbeSender sender = probe.newSender();
        final RemoteSetup.Stop stop = new RemoteSetup.Stop(probe, sender);
        final FragmentHandler count = (buffer, offset, length, header) -> probe.onMessage();
        teardown.add(new RemoteSetup.BusyThread("aeron-blast", () ->
        {
            if (stop.now())
            {
                a.duty();
                return;
            }
            final int n = a.blastRound();
            if (n > 0)
            {
                sender.sent(n);
            }
        })).start();
        teardown.add(new RemoteSetup.BusyThread("aeron-sink", () -> b.receiveRound(count))).start();
    }
}
