package io.hotpath.remote.transport;

import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.NodeAddress;
import org.agrona.collections.Int2IntHashMap;
import org.agrona.collections.Object2IntHashMap;

import java.nio.charset.StandardCharsets;

/**
 * A node's codec table as the handshake carries it (each type id with its type's name and the hash of its codec's
 * {@link Codec#schema()}), and the comparison of a peer's table with this node's. Immutable once made; any thread.
 * <p>
 * Two nodes disagree on a type id when they register it for types of different names, or for codecs of different
 * schemas, or when one registers the type under another id: the receiver would read the bytes as another type, or
 * not at all. Such a type id is refused both ways for the session: each node finds the same disagreement in the
 * other's table, so neither sends it, and a frame of it that arrives all the same is refused too.
 */
final class CodecTable
{
    /** Type names longer than this travel clipped, and are compared clipped. */
    static final int NAME_LIMIT = 500;

    final int[] typeIds;
    final String[] typeNames;
    final byte[][] typeNameBytes;
    final String[] schemas;
    final long[] schemaHashes;
    private final Int2IntHashMap indexByTypeId = new Int2IntHashMap(-1);

    private CodecTable(final Codecs codecs)
    {
        final Codec<?>[] instances = codecs.newInstances();
        final int size = codecs.size();
        typeIds = new int[size];
        typeNames = new String[size];
        typeNameBytes = new byte[size][];
        schemas = new String[size];
        schemaHashes = new long[size];
        for (int i = 0; i < size; i++)
        {
            typeIds[i] = codecs.typeId(i);
            typeNames[i] = clip(codecs.type(i).getName());
            typeNameBytes[i] = typeNames[i].getBytes(StandardCharsets.UTF_8);
            final String schema = instances[i].schema();
            if (schema == null)
            {
                throw new IllegalArgumentException("the codec of " + typeNames[i] + " (type id " + typeIds[i] + ", " +
                    instances[i].getClass().getName() + ") returned a null schema(); return what its bytes mean, or " +
                    "do not override schema()");
            }
            schemas[i] = schema;
            schemaHashes[i] = hash(schema);
            indexByTypeId.put(typeIds[i], i);
        }
    }

    /**
     * {@return the table of a node's codecs}
     *
     * @param codecs the node's codecs.
     * @throws IllegalArgumentException when a codec's schema is null.
     */
    static CodecTable of(final Codecs codecs)
    {
        return new CodecTable(codecs);
    }

    int size()
    {
        return typeIds.length;
    }

    static String clip(final String name)
    {
        return name.length() <= NAME_LIMIT ? name : name.substring(0, NAME_LIMIT);
    }

    /** FNV-1a, 64 bits, over the string's UTF-16 code units: the same on every JVM. */
    static long hash(final String text)
    {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            hash = (hash ^ (c & 0xFF)) * 0x100000001b3L;
            hash = (hash ^ (c >>> 8)) * 0x100000001b3L;
        }
        return hash;
    }

    /**
     * Compare a peer's whole table with this node's.
     *
     * @param peer  the peer's table.
     * @param here  this node's address, for the messages.
     * @param there the peer's address.
     * @return per index of this node's codecs, why messages of that type are refused with the peer (naming the type
     * id, both types and the fix), or null where the two nodes agree; every element null when they agree on all.
     */
    String[] refusals(final Received peer, final NodeAddress here, final NodeAddress there)
    {
        final String[] refused = new String[size()];
        for (int i = 0; i < refused.length; i++)
        {
            final int typeId = typeIds[i];
            final int at = peer.indexByTypeId.get(typeId);
            if (at >= 0)
            {
                if (!peer.typeNames[at].equals(typeNames[i]))
                {
                    refused[i] = "type id " + typeId + " is " + typeNames[i] + " on node " + here + " and " +
                        peer.typeNames[at] + " on node " + there + fix(typeId);
                }
                else if (peer.schemaHashes[at] != schemaHashes[i])
                {
                    refused[i] = "type id " + typeId + " is " + typeNames[i] + " on both nodes, but their codecs " +
                        "differ: on node " + here + " its codec's schema() is \"" + schemas[i] + "\" (hash " +
                        Long.toHexString(schemaHashes[i]) + "), on node " + there + " of hash " +
                        Long.toHexString(peer.schemaHashes[at]) + fix(typeId);
                }
            }
            else
            {
                final int elsewhere = peer.typeIdByName.getValue(typeNames[i]);
                if (elsewhere != peer.typeIdByName.missingValue())
                {
                    refused[i] = typeNames[i] + " is type id " + typeId + " on node " + here + " and type id " +
                        elsewhere + " on node " + there + fix(typeId);
                }
            }
        }
        return refused;
    }

    private static String fix(final int typeId)
    {
        return "; messages of type id " + typeId + " between the two nodes are refused (dead letter CODEC_MISMATCH): " +
            "register the same type, with the same codec, under the same type id on both nodes";
    }

    /**
     * A peer's table as its parts arrive, in order. Control agent only.
     */
    static final class Received
    {
        /** The largest table taken: a peer announcing more is not believed. */
        static final int MAX_ENTRIES = 1 << 16;

        final int total;
        final int[] typeIds;
        final String[] typeNames;
        final long[] schemaHashes;
        final Int2IntHashMap indexByTypeId = new Int2IntHashMap(-1);
        final Object2IntHashMap<String> typeIdByName = new Object2IntHashMap<>(Integer.MIN_VALUE);
        private int count;

        Received(final int total)
        {
            this.total = total;
            this.typeIds = new int[total];
            this.typeNames = new String[total];
            this.schemaHashes = new long[total];
        }

        /** @return false when the part brings more entries than announced. */
        boolean add(final int typeId, final long schemaHash, final String typeName)
        {
            if (count == total)
            {
                return false;
            }
            typeIds[count] = typeId;
            typeNames[count] = clip(typeName);
            schemaHashes[count] = schemaHash;
            indexByTypeId.put(typeId, count);
            typeIdByName.put(typeNames[count], typeId);
            count++;
            return true;
        }

        boolean isWhole()
        {
            return count == total;
        }
    }
}
