package io.hotpath.remote.transport;

import io.aeron.Aeron;
import io.aeron.Counter;
import io.hotpath.remote.NodeAddress;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A node's claim on its address in its media driver: an Aeron counter of the driver's, keyed by the address, that
 * lives as long as the node's client (the driver frees it when the client closes or dies). A second node on the
 * same UDP endpoint or IPC name of one driver would take the first one's traffic, and its goodbyes would cut the
 * first one's peers off: so a node starts only when no live node holds a claim on its address there, and of two
 * that start at once the earlier claim wins. (A node on another driver finds a UDP port in use when it binds.)
 * <p>
 * The driver frees a closed counter when it gets to the client's command, after the close has returned: so a claim
 * of this process counts only while it is in {@link #HELD}, which its close leaves first, and a node started right
 * after another of this process closed finds the address free. Made and closed by the node's owner thread.
 */
final class NodeClaim implements AutoCloseable
{
    /** Aeron leaves type ids from 1000 up to applications; this one spells "HPN". */
    static final int TYPE_ID = 0x48_50_4E;
    private static final int PID = 0;
    private static final int INCARNATION = PID + Long.BYTES;
    private static final int ADDRESS_LENGTH = INCARNATION + Long.BYTES;
    private static final int ADDRESS = ADDRESS_LENGTH + Integer.BYTES;

    /** The claims of this process not closed yet, by driver directory and registration id. */
    private static final Set<String> HELD = ConcurrentHashMap.newKeySet();

    private final Counter counter;
    private final String held;

    private NodeClaim(final Counter counter, final String held)
    {
        this.counter = counter;
        this.held = held;
    }

    /**
     * Claim the address on the client's driver.
     *
     * @param aeron       the node's client.
     * @param address     the node's address.
     * @param incarnation the node's incarnation, for the error another node gets.
     * @return the claim.
     * @throws IllegalStateException naming the process of the live node that holds the address there.
     */
    static NodeClaim claim(final Aeron aeron, final NodeAddress address, final long incarnation)
    {
        final String driver = aeron.context().aeronDirectoryName();
        refuseIfHeld(aeron.countersReader(), driver, address, Long.MAX_VALUE);
        final byte[] text = address.toString().getBytes(StandardCharsets.US_ASCII);
        final UnsafeBuffer key = new UnsafeBuffer(new byte[ADDRESS + text.length]);
        key.putLong(PID, ProcessHandle.current().pid(), ByteOrder.LITTLE_ENDIAN);
        key.putLong(INCARNATION, incarnation, ByteOrder.LITTLE_ENDIAN);
        key.putInt(ADDRESS_LENGTH, text.length, ByteOrder.LITTLE_ENDIAN);
        key.putBytes(ADDRESS, text);
        final byte[] label = ("hotpath node " + address + " pid " + ProcessHandle.current().pid())
            .getBytes(StandardCharsets.US_ASCII);
        final Counter counter = aeron.addCounter(TYPE_ID, key, 0, key.capacity(), new UnsafeBuffer(label), 0,
            label.length);
        // held before the look at the earlier claims: a node of this process starting at once sees this one
        final String held = heldKey(driver, counter.registrationId());
        HELD.add(held);
        try
        {
            refuseIfHeld(aeron.countersReader(), driver, address, counter.registrationId());
        }
        catch (final RuntimeException ex)
        {
            HELD.remove(held);
            counter.close();
            throw ex;
        }
        return new NodeClaim(counter, held);
    }

    private static String heldKey(final String driver, final long registrationId)
    {
        return driver + '#' + registrationId;
    }

    /** Refuse when a live node of another claim earlier than {@code ownRegistration} holds the address. */
    private static void refuseIfHeld(final CountersReader counters, final String driver, final NodeAddress address,
        final long ownRegistration)
    {
        final long thisProcess = ProcessHandle.current().pid();
        final String wanted = address.toString();
        final String[] holder = new String[1];
        counters.forEach((final int counterId, final int typeId, final DirectBuffer key, final String label) ->
        {
            if (typeId != TYPE_ID || holder[0] != null ||
                counters.getCounterRegistrationId(counterId) >= ownRegistration)
            {
                return;
            }
            final int length = key.getInt(ADDRESS_LENGTH, ByteOrder.LITTLE_ENDIAN);
            if (length <= 0 || ADDRESS + length > key.capacity() ||
                !wanted.equals(key.getStringWithoutLengthAscii(ADDRESS, length)))
            {
                return;
            }
            final long pid = key.getLong(PID, ByteOrder.LITTLE_ENDIAN);
            final boolean live = pid == thisProcess ?
                HELD.contains(heldKey(driver, counters.getCounterRegistrationId(counterId))) :
                ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            if (live)
            {
                holder[0] = Owners.process(pid) + ", incarnation " +
                    Long.toHexString(key.getLong(INCARNATION, ByteOrder.LITTLE_ENDIAN));
            }
        });
        if (holder[0] != null)
        {
            throw new IllegalStateException("node " + address + " refuses to start: a live node holds that address " +
                "on this media driver (" + holder[0] + "), and a second one would take its traffic and cut its " +
                "peers off; give this node another address (another UDP port, or another IPC name), or close that " +
                "node first");
        }
    }

    /** Give the address up: the node's close, before its client closes. */
    @Override
    public void close()
    {
        HELD.remove(held);
        counter.close();
    }
}
