package io.hotpath.remote;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * Where a node listens: {@code udp://host:port} (a UDP endpoint, reachable from other hosts) or {@code ipc://name}
 * (shared memory, for nodes that use one media driver on one host). Immutable, thread safe.
 * <p>
 * The host is resolved once when parsed and kept as an IP literal, so that two spellings of one endpoint are one
 * address. A node listens on its control stream and on one data stream per worker: streams {@link #streamBase()}
 * and {@code streamBase() + 1 + worker}. UDP nodes are told apart by their endpoint; IPC nodes share one driver, so
 * their streams are told apart by a base derived from the name.
 */
public final class NodeAddress
{
    private static final Pattern UDP = Pattern.compile("udp://(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.-]+):(\\d{1,5})");
    private static final Pattern IPC = Pattern.compile("ipc://([A-Za-z0-9_.-]{1,64})");
    private static final int UDP_STREAM_BASE = 0x4850_0000;
    private static final int IPC_STREAM_SPACE = 1 << 12;
    /** How many ranges of streams IPC names hash into: two names share one with a chance of 1 in 500,000. */
    private static final int IPC_SLOTS = 500_000;

    private final boolean udp;
    private final String host;
    private final int port;
    private final String text;
    private final int streamBase;

    private NodeAddress(final boolean udp, final String host, final int port, final String text, final int streamBase)
    {
        this.udp = udp;
        this.host = host;
        this.port = port;
        this.text = text;
        this.streamBase = streamBase;
    }

    /**
     * {@return the address, its host resolved}
     *
     * @param address {@code udp://host:port} or {@code ipc://name}.
     * @throws IllegalArgumentException when it does not parse or the host is unknown.
     */
    public static NodeAddress parse(final String address)
    {
        if (address == null)
        {
            throw new IllegalArgumentException("node address is null: expected udp://host:port or ipc://name");
        }
        final String trimmed = address.trim();
        final Matcher udpMatch = UDP.matcher(trimmed);
        if (udpMatch.matches())
        {
            final int port = Integer.parseInt(udpMatch.group(2));
            if (port < 1 || port > 65535)
            {
                throw bad(address, "port " + port + " is not within 1..65535");
            }
            final String host = resolve(address, udpMatch.group(1));
            final String endpoint = (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
            return new NodeAddress(true, host, port, "udp://" + endpoint, UDP_STREAM_BASE);
        }
        final Matcher ipcMatch = IPC.matcher(trimmed);
        if (ipcMatch.matches())
        {
            final String name = ipcMatch.group(1);
            final CRC32 crc = new CRC32();
            crc.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            final int base = IPC_STREAM_SPACE * (1 + (int)(crc.getValue() % IPC_SLOTS));
            return new NodeAddress(false, null, 0, "ipc://" + name, base);
        }
        throw bad(address, "expected udp://host:port (e.g. udp://10.0.0.5:40100) or ipc://name (letters, digits, " +
            "_ . -)");
    }

    private static String resolve(final String address, final String hostText)
    {
        final String literal = hostText.startsWith("[") ? hostText.substring(1, hostText.length() - 1) : hostText;
        try
        {
            return InetAddress.getByName(literal).getHostAddress().toLowerCase(Locale.ROOT);
        }
        catch (final UnknownHostException ex)
        {
            throw bad(address, "unknown host '" + literal + "'");
        }
    }

    private static IllegalArgumentException bad(final String address, final String why)
    {
        return new IllegalArgumentException("bad node address '" + address + "': " + why);
    }

    /**
     * {@return true for UDP, false for IPC}
     */
    public boolean isUdp()
    {
        return udp;
    }

    /**
     * {@return the UDP port; 0 for IPC}
     */
    public int port()
    {
        return port;
    }

    /**
     * {@return the stream of the control protocol; data streams follow it, one per worker}
     */
    public int streamBase()
    {
        return streamBase;
    }

    /**
     * {@return the largest number of workers whose streams fit in this address's range of streams}
     */
    public int maxWorkers()
    {
        return udp ? 1 << 16 : IPC_STREAM_SPACE - 1;
    }

    /**
     * {@return the Aeron channel that publications to this node use}
     *
     * @param termLength the term length of publications to this node.
     * @param mtu        their MTU (UDP only).
     */
    public String publicationChannel(final int termLength, final int mtu)
    {
        return udp ?
            "aeron:udp?endpoint=" + endpoint() + "|term-length=" + termLength + "|mtu=" + mtu :
            "aeron:ipc?term-length=" + termLength;
    }

    /**
     * {@return the Aeron channel this node subscribes to}
     */
    public String subscriptionChannel()
    {
        return udp ? "aeron:udp?endpoint=" + endpoint() : "aeron:ipc";
    }

    private String endpoint()
    {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof NodeAddress that && text.equals(that.text);
    }

    @Override
    public int hashCode()
    {
        return text.hashCode();
    }

    /**
     * @return the normalized address, e.g. {@code udp://127.0.0.1:40100}.
     */
    @Override
    public String toString()
    {
        return text;
    }
}
