package io.hotpath.cluster;

import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Image;
import io.aeron.Publication;
import io.aeron.cluster.service.Cluster;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Writes a service's state into a snapshot and reads it back. NOT thread safe: the service's thread only.
 * <p>
 * The state is laid out in one buffer (little-endian), then offered in chunks no longer than the publication's
 * largest message; the first message holds a magic number and the whole length. Layout: magic, version, the next timer
 * id; the clients' last applied sequences, sorted by client id; the pending timers, sorted by id (id, actor index,
 * period, type id, length, message); the actors' states in registration order (name, type id, length, state). Sorted
 * and in registration order, the same state gives the same bytes on every member, so the bytes' CRC-32 compares
 * members.
 */
final class Snapshots
{
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final int MAGIC = 0x48504331;   // "HPC1"
    private static final int VERSION = 1;
    private static final int START_LENGTH = 8;

    private final ActorService service;
    private final Codecs codecs;
    private final Codec<?>[] codecInstances;
    private final ExpandableDirectByteBuffer state = new ExpandableDirectByteBuffer(64 * 1024);
    private final UnsafeBuffer start = new UnsafeBuffer(new byte[START_LENGTH]);

    Snapshots(final ActorService service, final Codecs codecs, final Codec<?>[] codecInstances)
    {
        this.service = service;
        this.codecs = codecs;
        this.codecInstances = codecInstances;
    }

    /**
     * Lay out the whole state and offer it.
     *
     * @return the CRC-32 of the state's bytes.
     */
    long write(final ExclusivePublication publication, final Cluster cluster)
    {
        final int length = layOut();
        start.putInt(0, MAGIC, LE);
        start.putInt(4, length, LE);
        offer(publication, cluster, start, 0, START_LENGTH);
        final int chunk = publication.maxMessageLength();
        for (int at = 0; at < length; at += chunk)
        {
            offer(publication, cluster, state, at, Math.min(chunk, length - at));
        }
        final CRC32 crc = new CRC32();
        crc.update(state.byteBuffer().duplicate().position(0).limit(length));
        return crc.getValue();
    }

    private int layOut()
    {
        int at = 0;
        state.putInt(at, MAGIC, LE);
        state.putInt(at + 4, VERSION, LE);
        state.putLong(at + 8, service.timers().nextId, LE);
        at += 16;
        final Long2LongHashMap applied = service.appliedSequences();
        final long[] clients = new long[applied.size()];
        int n = 0;
        for (final Long2LongHashMap.KeyIterator keys = applied.keySet().iterator(); keys.hasNext(); )
        {
            clients[n++] = keys.nextValue();
        }
        Arrays.sort(clients);
        state.putInt(at, clients.length, LE);
        at += 4;
        for (final long client : clients)
        {
            state.putLong(at, client, LE);
            state.putLong(at + 8, applied.get(client), LE);
            at += 16;
        }
        final long[] timerIds = service.timers().byId.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
        state.putInt(at, timerIds.length, LE);
        at += 4;
        for (final long id : timerIds)
        {
            final ServiceTimers.Timer timer = service.timers().byId.get(id);
            state.putLong(at, id, LE);
            state.putInt(at + 8, timer.cell.index, LE);
            state.putLong(at + 12, timer.periodNs, LE);
            at = encode(at + 20, timer.message, "the message of a timer of clustered actor '" + timer.cell.name + "'");
        }
        final Cell<?, ?>[] cells = service.cells();
        state.putInt(at, cells.length, LE);
        at += 4;
        for (final Cell<?, ?> cell : cells)
        {
            final byte[] name = cell.name.getBytes(StandardCharsets.UTF_8);
            state.putInt(at, name.length, LE);
            state.putBytes(at + 4, name);
            final Object snapshot = cell.actor.snapshot();
            if (snapshot == null || !cell.stateType.isInstance(snapshot))
            {
                throw new IllegalStateException("clustered actor '" + cell.name + "' returned " + (snapshot == null ?
                    "null" : "a " + snapshot.getClass().getName()) + " from snapshot(), not a " +
                    cell.stateType.getName() + " as registered");
            }
            at = encode(at + 4 + name.length, snapshot, "the state of clustered actor '" + cell.name + "'");
        }
        return at;
    }

    /** Type id, length, then the object as its codec writes it. */
    @SuppressWarnings("unchecked")
    private int encode(final int at, final Object value, final String what)
    {
        final int index = codecs.indexOf(value.getClass());
        if (index < 0)
        {
            throw new IllegalStateException(what + " is a " + value.getClass().getName() + ", for which the " +
                "service has no codec: register one with Codecs.builder().add(typeId, " +
                value.getClass().getSimpleName() + ".class, ...)");
        }
        state.putInt(at, codecs.typeId(index), LE);
        final int length = ((Codec<Object>)codecInstances[index]).encode(value, state, at + 8);
        state.putInt(at + 4, length, LE);
        return at + 8 + length;
    }

    private static void offer(final ExclusivePublication publication, final Cluster cluster, final DirectBuffer buffer,
        final int offset, final int length)
    {
        final IdleStrategy idle = cluster.idleStrategy();
        idle.reset();
        while (true)
        {
            final long result = publication.offer(buffer, offset, length);
            if (result > 0)
            {
                return;
            }
            if (result != Publication.BACK_PRESSURED && result != Publication.ADMIN_ACTION)
            {
                throw new IllegalStateException("snapshot publication refused a chunk: " +
                    Publication.errorString(result));
            }
            idle.idle();
        }
    }

    /**
     * Read a snapshot written by {@link #write}, and hand the state to the service.
     *
     * @param image the snapshot.
     */
    void load(final Image image, final Cluster cluster)
    {
        final Loader loader = new Loader();
        final FragmentAssembler assembler = new FragmentAssembler(loader::onFragment);
        final IdleStrategy idle = cluster.idleStrategy();
        while (!loader.done())
        {
            final int fragments = image.poll(assembler, 16);
            if (fragments == 0)
            {
                if (image.isClosed() || image.isEndOfStream())
                {
                    throw new IllegalStateException("the snapshot ended after " + loader.received + " of " +
                        loader.expected + " bytes");
                }
                idle.idle();
            }
        }
        read(loader.expected);
    }

    private final class Loader
    {
        int expected = -1;
        int received;

        void onFragment(final DirectBuffer buffer, final int offset, final int length,
            final io.aeron.logbuffer.Header header)
        {
            if (expected < 0)
            {
                if (length != START_LENGTH || buffer.getInt(offset, LE) != MAGIC)
                {
                    throw new IllegalStateException("not a snapshot of a Hotpath ActorService: it starts with " +
                        length + " bytes, magic " + Integer.toHexString(buffer.getInt(offset, LE)));
                }
                expected = buffer.getInt(offset + 4, LE);
                return;
            }
            state.putBytes(received, buffer, offset, length);
            received += length;
        }

        boolean done()
        {
            return expected >= 0 && received >= expected;
        }
    }

    private void read(final int length)
    {
        int at = 0;
        if (state.getInt(0, LE) != MAGIC || state.getInt(4, LE) != VERSION)
        {
            throw new IllegalStateException("snapshot version " + state.getInt(4, LE) + " is not " + VERSION);
        }
        service.timers().nextId = state.getLong(8, LE);
        at += 16;
        final int clients = state.getInt(at, LE);
        at += 4;
        for (int i = 0; i < clients; i++)
        {
            service.appliedSequences().put(state.getLong(at, LE), state.getLong(at + 8, LE));
            at += 16;
        }
        final int timers = state.getInt(at, LE);
        at += 4;
        final Cell<?, ?>[] cells = service.cells();
        for (int i = 0; i < timers; i++)
        {
            final long id = state.getLong(at, LE);
            final Cell<?, ?> cell = cells[state.getInt(at + 8, LE)];
            final long periodNs = state.getLong(at + 12, LE);
            final Object message = decode(at + 20, "a timer's message of clustered actor '" + cell.name + "'");
            at += 28 + state.getInt(at + 24, LE);
            service.timers().restore(id, cell, message, periodNs);
        }
        final int actors = state.getInt(at, LE);
        at += 4;
        for (int i = 0; i < actors; i++)
        {
            final int nameLength = state.getInt(at, LE);
            final String name = state.getStringWithoutLengthUtf8(at + 4, nameLength);
            at += 4 + nameLength;
            final Object value = decode(at, "the state of clustered actor '" + name + "'");
            at += 8 + state.getInt(at + 4, LE);
            service.restore(name, value);
        }
        if (at != length)
        {
            throw new IllegalStateException("snapshot has " + (length - at) + " bytes after its last actor");
        }
    }

    private Object decode(final int at, final String what)
    {
        final int typeId = state.getInt(at, LE);
        final int index = codecs.indexOfTypeId(typeId);
        if (index < 0)
        {
            throw new IllegalStateException(what + " in the snapshot has type id " + typeId + ", for which the " +
                "service has no codec: register the codecs the service had when it took the snapshot");
        }
        return codecInstances[index].decode(state, at + 8, state.getInt(at + 4, LE));
    }
}
