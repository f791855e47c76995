package io.hotpath.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Two network namespaces made by the test, joined by a veth pair, each end with an address of its own; traffic
 * between them never leaves the pair. Deleted on close. Every command is bounded in time.
 */
final class Netns implements AutoCloseable
{
    final String nsA;
    final String nsB;
    final String ipA;
    final String ipB;
    private final String vethA;
    private final String vethB;

    private Netns(final String tag, final int subnet)
    {
        nsA = "hp-" + tag + "-a";
        nsB = "hp-" + tag + "-b";
        vethA = "hpa" + tag;
        vethB = "hpb" + tag;
        ipA = "10.213." + subnet + ".1";
        ipB = "10.213." + subnet + ".2";
    }

    /** Make the pair; null (with the reason in {@code why[0]}) when this host does not let the test. */
    static Netns create(final String[] why)
    {
        final String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0x10000));
        final Netns netns = new Netns(tag, ThreadLocalRandom.current().nextInt(1, 250));
        final String failure = netns.setUp();
        if (failure != null)
        {
            netns.close();
            why[0] = failure;
            return null;
        }
        return netns;
    }

    private String setUp()
    {
        for (final String[] command : new String[][]{
            {"ip", "netns", "add", nsA},
            {"ip", "netns", "add", nsB},
            {"ip", "link", "add", vethA, "type", "veth", "peer", "name", vethB},
            {"ip", "link", "set", vethA, "netns", nsA},
            {"ip", "link", "set", vethB, "netns", nsB},
            {"ip", "-n", nsA, "addr", "add", ipA + "/24", "dev", vethA},
            {"ip", "-n", nsB, "addr", "add", ipB + "/24", "dev", vethB},
            {"ip", "-n", nsA, "link", "set", vethA, "up"},
            {"ip", "-n", nsB, "link", "set", vethB, "up"},
            {"ip", "-n", nsA, "link", "set", "lo", "up"},
            {"ip", "-n", nsB, "link", "set", "lo", "up"}})
        {
            final String failure = run(command);
            if (failure != null)
            {
                return failure;
            }
        }
        return null;
    }

    /** Add loss and delay to both ends with netem; the reason when netem is missing, else null. */
    String netem(final String lossPercent, final String delay)
    {
        final String failure = run("ip", "netns", "exec", nsA, "tc", "qdisc", "add", "dev", vethA, "root", "netem",
            "loss", lossPercent, "delay", delay);
        return failure != null ? failure : run("ip", "netns", "exec", nsB, "tc", "qdisc", "add", "dev", vethB, "root",
            "netem", "loss", lossPercent, "delay", delay);
    }

    /** Cut (down) or restore (up) the link, at A's end. */
    void link(final boolean up)
    {
        final String failure = run("ip", "-n", nsA, "link", "set", vethA, up ? "up" : "down");
        if (failure != null)
        {
            throw new IllegalStateException(failure);
        }
    }

    /** The command prefix that runs a program in a namespace. */
    static List<String> in(final String ns)
    {
        return List.of("ip", "netns", "exec", ns);
    }

    @Override
    public void close()
    {
        run("ip", "netns", "del", nsA);
        run("ip", "netns", "del", nsB);
    }

    /** @return null on success, else what failed and what it said. */
    private static String run(final String... command)
    {
        try
        {
            final Process process = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true)
                .start();
            if (!process.waitFor(20, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                return String.join(" ", command) + ": no answer within 20 s";
            }
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return process.exitValue() == 0 ? null : String.join(" ", command) + ": " + output;
        }
        catch (final IOException ex)
        {
            return String.join(" ", command) + ": " + ex;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
