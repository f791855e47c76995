package io.hotpath.observe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Catches the stall reports of {@code io.hotpath.stalls} (System.Logger goes to java.util.logging on a plain JVM)
 * while a test runs: the records whose message names a given actor.
 */
final class StallLog implements AutoCloseable
{
    private final Logger logger = Logger.getLogger("io.hotpath.stalls");
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler()
    {
        @Override
        public void publish(final LogRecord record)
        {
            records.add(record);
        }

        @Override
        public void flush()
        {
        }

        @Override
        public void close()
        {
        }
    };

    StallLog()
    {
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** @return the reports naming actor {@code name}. */
    List<LogRecord> about(final String name)
    {
        return records.stream().filter(r -> r.getMessage().contains("actor '" + name + "'")).toList();
    }

    @Override
    public void close()
    {
        logger.removeHandler(handler);
    }
}
