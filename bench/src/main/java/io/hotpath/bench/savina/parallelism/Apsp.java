package io.hotpath.bench.savina.parallelism;

import io.hotpath.Actor;
import io.hotpath.bench.savina.ActorRuntime;
import io.hotpath.bench.savina.Digest;
import io.hotpath.bench.savina.Family;
import io.hotpath.bench.savina.SavinaBenchmark;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

/**
 * Savina All-Pairs Shortest Path: Floyd-Warshall on a complete directed graph of N nodes with random weights of 1 to
 * W, the distance matrix cut into blocks of B x B, an actor each. In every one of the N steps each block sends its
 * current block to every block of its block-row and block-column, and moves on once it has theirs: step k needs
 * column k from its block-row and row k from its block-column. Each step's block is a new array, as the old one may
 * still be read by a slower neighbour. A master gathers the blocks. The result is the digest of the distance matrix,
 * which must equal that of a sequential Floyd-Warshall on the same graph. Immutable.
 *
 * @param nodes     N (Savina default 300).
 * @param blockSize B (Savina default 50).
 * @param maxWeight W (Savina default 100).
 */
public record Apsp(int nodes, int blockSize, int maxWeight) implements SavinaBenchmark
{
    /** Savina's default sizes. */
    public static final Apsp DEFAULT = new Apsp(300, 50, 100);

    private static final Object START = "start";
    private static final long SEED = 0xA95F_0000L;

    /**
     * @param nodes     at least 1, a multiple of the block size.
     * @param blockSize at least 1.
     * @param maxWeight at least 1.
     */
    public Apsp
    {
        if (nodes < 1 || blockSize < 1 || nodes % blockSize != 0 || maxWeight < 1)
        {
            throw new IllegalArgumentException("Apsp needs a positive number of nodes that is a multiple of a " +
                "positive block size, and a maximum weight of at least 1, not N=" + nodes + " B=" + blockSize +
                " W=" + maxWeight);
        }
    }

    @Override
    public String name()
    {
        return "APSP";
    }

    @Override
    public Family family()
    {
        return Family.PARALLELISM;
    }

    @Override
    public String parameters()
    {
        return "N=" + nodes + " B=" + blockSize + " W=" + maxWeight;
    }

    @Override
    public CompletableFuture<Long> start(final ActorRuntime runtime)
    {
        final long[][] graph = Digest.reference(new Graph(nodes, maxWeight), this::graph);
        final int perSide = nodes / blockSize;
        final CompletableFuture<Long> done = new CompletableFuture<>();
        final ActorRuntime.Address master = runtime.spawn(self -> new Master(nodes, blockSize, done));
        final ActorRuntime.Address[] blocks = new ActorRuntime.Address[perSide * perSide];
        for (int b = 0; b < blocks.length; b++)
        {
            final long[][] block = new long[blockSize][blockSize];
            final int rowBlock = b / perSide;
            final int columnBlock = b % perSide;
            for (int i = 0; i < blockSize; i++)
            {
                System.arraycopy(graph[rowBlock * blockSize + i], columnBlock * blockSize, block[i], 0, blockSize);
            }
            final int id = b;
            blocks[b] = runtime.spawn(self -> new Block(id, perSide, nodes, block, blocks, master));
        }
        for (final ActorRuntime.Address block : blocks)
        {
            block.tell(START);
        }
        return done;
    }

    @Override
    public String check(final long result)
    {
        return SavinaBenchmark.expect(Digest.reference(this, this::sequentialDigest), result,
            "digest of the distance matrix against a sequential Floyd-Warshall on the same graph");
    }

    /** One entry's share of the matrix's digest. */
    static long entry(final int i, final int j, final long distance)
    {
        return Digest.mix((((long)i << 20) + j) * 31 + distance);
    }

    /** The graph: every pair of distinct nodes joined both ways by a random weight of 1 to W; the same each run. */
    private long[][] graph()
    {
        final SplittableRandom random = new SplittableRandom(SEED);
        final long[][] graph = new long[nodes][nodes];
        for (int i = 0; i < nodes; i++)
        {
            for (int j = 0; j < nodes; j++)
            {
                graph[i][j] = i == j ? 0 : 1 + random.nextInt(maxWeight);
            }
        }
        return graph;
    }

    private long sequentialDigest()
    {
        final long[][] source = Digest.reference(new Graph(nodes, maxWeight), this::graph);
        final long[][] d = new long[nodes][];
        for (int i = 0; i < nodes; i++)
        {
            d[i] = source[i].clone();
        }
        for (int k = 0; k < nodes; k++)
        {
            for (int i = 0; i < nodes; i++)
            {
                final long ik = d[i][k];
                for (int j = 0; j < nodes; j++)
                {
                    d[i][j] = Math.min(d[i][j], ik + d[k][j]);
                }
            }
        }
        long digest = 0;
        for (int i = 0; i < nodes; i++)
        {
            for (int j = 0; j < nodes; j++)
            {
                digest += entry(i, j, d[i][j]);
            }
        }
        return digest;
    }

    /** What the graph is kept under between runs. */
    private record Graph(int nodes, int maxWeight)
    {
    }

    /** A block's data after {@code step} steps (0: the graph's). Immutable once sent. */
    private record BlockData(int step, int block, long[][] data)
    {
    }

    private static final class Master implements Actor<Object>
    {
        private final int blockSize;
        private final int perSide;
        private final CompletableFuture<Long> done;
        private int received;
        private long digest;

        Master(final int nodes, final int blockSize, final CompletableFuture<Long> done)
        {
            this.blockSize = blockSize;
            this.perSide = nodes / blockSize;
            this.done = done;
        }

        @Override
        public void onMessage(final Object message)
        {
            final BlockData result = (BlockData)message;
            final int rowBase = result.block() / perSide * blockSize;
            final int columnBase = result.block() % perSide * blockSize;
            for (int i = 0; i < blockSize; i++)
            {
                for (int j = 0; j < blockSize; j++)
                {
                    digest += entry(rowBase + i, columnBase + j, result.data()[i][j]);
                }
            }
            if (++received == perSide * perSide)
            {
                done.complete(digest);
            }
        }
    }

    private static final class Block implements Actor<Object>
    {
        private final int id;
        private final int perSide;
        private final int nodes;
        private final int size;
        private final int rowBlock;
        private final int columnBlock;
        private final ActorRuntime.Address[] blocks;
        private final ActorRuntime.Address master;
        /** Neighbours' data by step parity and block id: a neighbour is never more than one step ahead. */
        private final long[][][][] received;
        private final int[] count = new int[2];
        private final int neighbours;
        private long[][] current;
        private int step;
        private boolean started;

        Block(final int id, final int perSide, final int nodes, final long[][] data,
            final ActorRuntime.Address[] blocks, final ActorRuntime.Address master)
        {
            this.id = id;
            this.perSide = perSide;
            this.nodes = nodes;
            this.size = data.length;
            this.rowBlock = id / perSide;
            this.columnBlock = id % perSide;
            this.blocks = blocks;
            this.master = master;
            this.received = new long[2][perSide * perSide][][];
            this.neighbours = 2 * (perSide - 1);
            this.current = data;
        }

        @Override
        public void onMessage(final Object message)
        {
            if (message instanceof BlockData data)
            {
                final int parity = data.step() & 1;
                received[parity][data.block()] = data.data();
                count[parity]++;
            }
            else if (message == START)
            {
                started = true;
                send();
            }
            // a step may finish on each message once this block has sent its first data, and the next step's data
            // may all be here already
            while (started && step < nodes && count[step & 1] == neighbours)
            {
                relax();
            }
        }

        /** Step k = {@link #step}: through node k, with column k from the block-row and row k from the column. */
        private void relax()
        {
            final int parity = step & 1;
            final int kBlock = step / size;
            final int kInBlock = step % size;
            final long[][] columnSource =
                kBlock == columnBlock ? current : received[parity][rowBlock * perSide + kBlock];
            final long[][] rowSource =
                kBlock == rowBlock ? current : received[parity][kBlock * perSide + columnBlock];
            final long[][] next = new long[size][size];
            for (int i = 0; i < size; i++)
            {
                final long ik = columnSource[i][kInBlock];
                final long[] kRow = rowSource[kInBlock];
                final long[] row = current[i];
                final long[] out = next[i];
                for (int j = 0; j < size; j++)
                {
                    out[j] = Math.min(row[j], ik + kRow[j]);
                }
            }
            Arrays.fill(received[parity], null);
            count[parity] = 0;
            current = next;
            step++;
            if (step == nodes)
            {
                master.tell(new BlockData(step, id, current));
            }
            else
            {
                send();
            }
        }

        private void send()
        {
            final BlockData data = new BlockData(step, id, current);
            for (int b = 0; b < perSide; b++)
            {
                if (b != columnBlock)
                {
                    blocks[rowBlock * perSide + b].tell(data);
                }
                if (b != rowBlock)
                {
                    blocks[b * perSide + columnBlock].tell(data);
                }
            }
        }
    }
}
