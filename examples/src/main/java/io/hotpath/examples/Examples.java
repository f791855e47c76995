package io.hotpath.examples;

import io.hotpath.examples.bank.BankDemo;
import io.hotpath.examples.bank.TransferStream;
import io.hotpath.examples.batching.BatchingDemo;
import io.hotpath.examples.cluster.ClusterDemo;
import io.hotpath.examples.embedded.EmbeddedDemo;
import io.hotpath.examples.hello.Hello;
import io.hotpath.examples.jobs.JobsDemo;
import io.hotpath.examples.pipeline.PipelineDemo;
import io.hotpath.examples.queue.QueueDemo;
import io.hotpath.examples.rebind.RebindDemo;
import io.hotpath.examples.remote.RemoteDemo;
import io.hotpath.examples.sequential.SequentialDemo;

import java.util.Arrays;
import java.util.List;

/**
 * Runs an example by name: {@code java -jar hotpath-examples.jar NAME [ARGS]}, which {@code ./hotpath example NAME}
 * does with the JVM flags the examples need; with no name, lists them. Main thread only.
 */
public final class Examples
{
    /** An example's main method. */
    @FunctionalInterface
    interface Main
    {
        void run(String[] args) throws Exception;
    }

    /**
     * One example.
     *
     * @param name what to type.
     * @param args its arguments, for people.
     * @param what what it shows.
     * @param main its main method.
     */
    record Example(String name, String args, String what, Main main)
    {
    }

    /** Every example, in the order docs/EXAMPLES.md tells them. */
    static final List<Example> ALL = List.of(
        new Example("hello", "", "the README's ten lines: a direct handoff and a send from outside", Hello::main),
        new Example("bank", "[--await] [DIR]", "accounts, transfers, a log per actor, recovery of what a crash left",
            BankDemo::main),
        new Example("bank-stream", "DIR", "an endless stream of transfers, to kill -9 and recover with `bank DIR`",
            TransferStream::main),
        new Example("jobs", "", "background jobs: states, slices per duty cycle, retries with backoff",
            JobsDemo::main),
        new Example("pipeline", "", "gateway, risk, book, publisher by direct handoff; pooled orders at a fixed rate",
            PipelineDemo::main),
        new Example("sequential", "", "await: a cache that keeps answering, a streaming copy, the fastest shard",
            SequentialDemo::main),
        new Example("queue", "", "an actor-backed queue whose callers get a reply at once", QueueDemo::main),
        new Example("rebind", "", "a quote feed whose output is re-bound to another actor while it runs",
            RebindDemo::main),
        new Example("embedded", "", "a worker driven by the service's own spinning thread, next to a pinned worker",
            EmbeddedDemo::main),
        new Example("batching", "", "a writer that writes once per batch of ticks waiting for it (endOfBatch)",
            BatchingDemo::main),
        new Example("remote", "", "two nodes over UDP: a book and a risk check, tell, ask and watch across them",
            RemoteDemo::main),
        new Example("cluster", "[DIR]", "a replicated bank on three Aeron Cluster members; the leader killed midway",
            ClusterDemo::main));

    private Examples()
    {
    }

    /**
     * @param args the example's name, then its arguments.
     * @throws Exception what the example throws.
     */
    public static void main(final String[] args) throws Exception
    {
        final Example example = args.length == 0 ? null :
            ALL.stream().filter(e -> e.name().equals(args[0])).findFirst().orElse(null);
        if (example == null)
        {
            System.out.println((args.length == 0 ? "" : "no example named '" + args[0] + "'. ") +
                "Examples (./hotpath example NAME [ARGS]; docs/EXAMPLES.md tells each):");
            for (final Example e : ALL)
            {
                System.out.printf("  %-12s %-17s %s%n", e.name(), e.args(), e.what());
            }
            if (args.length != 0)
            {
                System.exit(2);
            }
            return;
        }
        example.main().run(Arrays.copyOfRange(args, 1, args.length));
    }
}
