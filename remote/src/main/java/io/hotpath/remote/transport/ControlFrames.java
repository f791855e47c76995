package io.hotpath.remote.transport;

import io.aeron.Publication;
import io.hotpath.remote.protocol.CodecTableEncoder;
import io.hotpath.remote.protocol.CongestionEncoder;
import io.hotpath.remote.protocol.GoodbyeEncoder;
import io.hotpath.remote.protocol.HelloEncoder;
import io.hotpath.remote.protocol.LookupEncoder;
import io.hotpath.remote.protocol.LookupResultEncoder;
import io.hotpath.remote.protocol.MessageHeaderEncoder;
import io.hotpath.remote.protocol.TerminatedEncoder;
import io.hotpath.remote.protocol.WatchEncoder;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes the control protocol's frames to a peer's control publication. A frame that cannot go now (the publication
 * is not connected yet, or pushes back) waits in the peer's outbox, in order, except hellos, which are sent again
 * anyway. Control agent only.
 */
final class ControlFrames
{
    /** Version of the protocol in hellos, the schema's: nodes of another version are not talked to. */
    static final int PROTOCOL_VERSION = HelloEncoder.SCHEMA_VERSION;
    private static final int HEADER = MessageHeaderEncoder.ENCODED_LENGTH;
    private static final int BUFFER_LENGTH = 4096;
    /** A codec table's entry: type id, schema hash, the name's length, then the name. */
    private static final int ENTRY_FIXED = Integer.BYTES + Long.BYTES + Integer.BYTES;
    private static final int TABLE_FIXED = HEADER + CodecTableEncoder.BLOCK_LENGTH + 2 * Short.BYTES;

    private final long incarnation;
    private final String ownAddress;
    private final int workers;
    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[BUFFER_LENGTH]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final HelloEncoder hello = new HelloEncoder();
    private final LookupEncoder lookup = new LookupEncoder();
    private final LookupResultEncoder lookupResult = new LookupResultEncoder();
    private final WatchEncoder watch = new WatchEncoder();
    private final TerminatedEncoder terminated = new TerminatedEncoder();
    private final GoodbyeEncoder goodbye = new GoodbyeEncoder();
    private final CongestionEncoder congestion = new CongestionEncoder();
    private final CodecTableEncoder codecTable = new CodecTableEncoder();

    ControlFrames(final long incarnation, final String ownAddress, final int workers)
    {
        this.incarnation = incarnation;
        this.ownAddress = ownAddress;
        this.workers = workers;
    }

    /** @return true when sent. */
    boolean hello(final Peer peer)
    {
        final Session session = peer.session;
        hello.wrapAndApplyHeader(buffer, 0, header)
            .fromIncarnation(incarnation)
            .toIncarnation(session == null ? 0 : session.remoteIncarnation)
            .fromSession(session == null ? 0 : session.localKey)
            .toSession(session == null ? 0 : session.remoteKey)
            .workers(workers)
            .protocolVersion(PROTOCOL_VERSION)
            .received(session == null ? 0 : session.takenTotal())
            .fromAddress(ownAddress);
        return offer(peer.control, buffer, HEADER + hello.encodedLength());
    }

    void lookup(final Peer peer, final Session session, final long requestId, final String name)
    {
        lookup.wrapAndApplyHeader(buffer, 0, header)
            .fromSession(session.localKey)
            .toSession(session.remoteKey)
            .requestId(requestId)
            .name(name);
        send(peer, HEADER + lookup.encodedLength());
    }

    void lookupResult(final Peer peer, final Session session, final long requestId, final int exportId,
        final int worker)
    {
        lookupResult.wrapAndApplyHeader(buffer, 0, header)
            .fromSession(session.localKey)
            .toSession(session.remoteKey)
            .requestId(requestId)
            .exportId(exportId)
            .worker(worker);
        send(peer, HEADER + lookupResult.encodedLength());
    }

    void watch(final Peer peer, final Session session, final long watchId, final int exportId)
    {
        watch.wrapAndApplyHeader(buffer, 0, header)
            .fromSession(session.localKey)
            .toSession(session.remoteKey)
            .watchId(watchId)
            .exportId(exportId);
        send(peer, HEADER + watch.encodedLength());
    }

    void terminated(final Peer peer, final Session session, final long watchId)
    {
        terminated.wrapAndApplyHeader(buffer, 0, header)
            .fromSession(session.localKey)
            .toSession(session.remoteKey)
            .watchId(watchId);
        send(peer, HEADER + terminated.encodedLength());
    }

    /** Tell a peer that an actor of this node is congested, or has caught up. */
    void congestion(final Peer peer, final Session session, final int exportId, final boolean congested)
    {
        congestion.wrapAndApplyHeader(buffer, 0, header)
            .fromSession(session.localKey)
            .toSession(session.remoteKey)
            .exportId(exportId)
            .congested((short)(congested ? 1 : 0));
        send(peer, HEADER + congestion.encodedLength());
    }

    /**
     * Say that this node no longer has a session with the peer's incarnation {@code to}: the session the peer knows
     * by {@code toSession}, or any (0).
     *
     * @param received how many of the peer's data frames this node took in that session (0 when it knows none).
     */
    void goodbye(final Peer peer, final long to, final long fromSession, final long toSession, final long received)
    {
        goodbye.wrapAndApplyHeader(buffer, 0, header)
            .fromIncarnation(incarnation)
            .toIncarnation(to)
            .fromSession(fromSession)
            .toSession(toSession)
            .received(received);
        send(peer, HEADER + goodbye.encodedLength());
    }

    /**
     * Send this node's codec table to the peer, in as many parts as it takes (each fits the buffer), in order. After
     * a hello that names the session, so that the peer knows its key.
     */
    void codecTable(final Peer peer, final Session session, final CodecTable table)
    {
        int next = 0;
        do
        {
            int end = next;
            int length = TABLE_FIXED;
            while (end < table.size() && length + ENTRY_FIXED + table.typeNameBytes[end].length <= BUFFER_LENGTH)
            {
                length += ENTRY_FIXED + table.typeNameBytes[end].length;
                end++;
            }
            final CodecTableEncoder.EntriesEncoder entries = codecTable.wrapAndApplyHeader(buffer, 0, header)
                .fromSession(session.localKey)
                .toSession(session.remoteKey)
                .total(table.size())
                .entriesCount(end - next);
            for (int i = next; i < end; i++)
            {
                final byte[] name = table.typeNameBytes[i];
                entries.next().typeId(table.typeIds[i]).schemaHash(table.schemaHashes[i]).putTypeName(name, 0,
                    name.length);
            }
            send(peer, HEADER + codecTable.encodedLength());
            next = end;
        }
        while (next < table.size());
    }

    /** Send what waits in the outbox, in order. @return the frames sent. */
    int flush(final Peer peer)
    {
        int sent = 0;
        while (!peer.outbox.isEmpty() && peer.control != null)
        {
            final byte[] frame = peer.outbox.peek();
            if (!offer(peer.control, new UnsafeBuffer(frame), frame.length))
            {
                break;
            }
            peer.outbox.poll();
            sent++;
        }
        return sent;
    }

    private void send(final Peer peer, final int length)
    {
        if (!peer.outbox.isEmpty() || !offer(peer.control, buffer, length))
        {
            final byte[] copy = new byte[length];
            buffer.getBytes(0, copy);
            peer.outbox.add(copy);
        }
    }

    private static boolean offer(final Publication pub, final UnsafeBuffer frame, final int length)
    {
        if (pub == null || !pub.isConnected())
        {
            return false;
        }
        long result = pub.offer(frame, 0, length);
        for (int i = 0; result == Publication.ADMIN_ACTION && i < 3; i++)
        {
            result = pub.offer(frame, 0, length);
        }
        return result >= 0;
    }
}
