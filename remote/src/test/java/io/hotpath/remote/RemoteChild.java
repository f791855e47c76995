package io.hotpath.remote;

import io.hotpath.ActorRef;
import io.hotpath.Engine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A node in a child JVM, driven line by line on stdin by a test, answering on stdout. Commands:
 * {@code resolve PEER}, {@code send SEED COUNT}, {@code report}, {@code whoami}, {@code exit}. It also publishes
 * {@code mute}, which never answers. Arguments: address, actors,
 * failureTimeoutNs, loss rate of Aeron's receive-side loss generator (0 for none). With the single argument
 * {@code flagcheck} it only tries to start a node and prints what happened; with {@code embed DIR}, it tries to
 * start a node whose embedded driver uses that directory.
 */
public final class RemoteChild
{
    private RemoteChild()
    {
    }

    /**
     * @param args see the class comment.
     * @throws Exception to fail the child loudly.
     */
    public static void main(final String[] args) throws Exception
    {
        if (args[0].equals("flagcheck"))
        {
            try (Engine engine = Nodes.engine();
                 RemoteNode node = RemoteNode.start(engine, Nodes.udp().build()))
            {
                System.out.println("STARTED " + node);
            }
            catch (final IllegalStateException ex)
            {
                System.out.println("REFUSED " + ex.getMessage());
            }
            return;
        }
        if (args[0].equals("embed"))
        {
            // an embedded node on a given driver directory, e.g. a live node's
            try (Engine engine = Nodes.engine();
                 RemoteNode node = RemoteNode.start(engine, Nodes.udp().aeronDir(args[1]).build()))
            {
                System.out.println("STARTED " + node);
            }
            catch (final IllegalStateException ex)
            {
                System.out.println("REFUSED " + ex.getMessage());
            }
            return;
        }
        final RemoteConfig.Builder config = RemoteConfig.builder().address(args[0])
            .failureTimeoutNs(Long.parseLong(args[2]));
        final double loss = Double.parseDouble(args[3]);
        if (loss > 0)
        {
            config.driverCustomizer(LossyDriver.receiveLoss(loss, Long.parseLong(args[2]) ^ 0x5EEDL));
        }
        try (Engine engine = Nodes.engine(); RemoteNode node = RemoteNode.start(engine, config.build()))
        {
            final Traffic traffic = new Traffic(engine, node, Integer.parseInt(args[1]), 1);
            node.publish("mute", engine.spawn("mute", (io.hotpath.ActorContext<String> ctx) -> (String m) ->
                ctx.replyLater()));
            System.out.println("READY " + Long.toHexString(node.incarnation()));
            final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            List<ActorRef<Long>> targets = List.of();
            String line;
            while ((line = in.readLine()) != null)
            {
                final String[] words = line.trim().split(" ");
                switch (words[0])
                {
                    case "resolve" ->
                    {
                        targets = traffic.resolve(words[1]);
                        System.out.println("RESOLVED " + targets.size());
                    }
                    case "send" ->
                    {
                        traffic.start(targets, Long.parseLong(words[1]), Integer.parseInt(words[2]));
                        System.out.println("SENDING");
                    }
                    case "report" -> System.out.println("REPORT done=" + traffic.done() + " " + traffic.report() +
                        " peers=" + node.stats().peers());
                    case "whoami" -> System.out.println("INCARNATION " + Long.toHexString(node.incarnation()));
                    case "exit" ->
                    {
                        System.out.println("BYE");
                        return;
                    }
                    default -> System.out.println("UNKNOWN " + line);
                }
            }
        }
    }
}
