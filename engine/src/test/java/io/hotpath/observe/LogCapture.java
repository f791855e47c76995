package io.hotpath.observe;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Catches the records of one of the engine's loggers while a test runs (System.Logger goes to java.util.logging on a
 * plain JVM).
 */
public final class LogCapture implements AutoCloseable
{
    private final Logger logger;
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

    /**
     * @param name the logger's name, e.g. {@code io.hotpath.stalls}.
     */
    public LogCapture(final String name)
    {
        logger = Logger.getLogger(name);
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** @return every record caught so far, oldest first. */
    public List<LogRecord> records()
    {
        return List.copyOf(records);
    }

    /** @return the records whose message contains {@code text}. */
    public List<LogRecord> containing(final String text)
    {
        return records.stream().filter(r -> r.getMessage().contains(text)).toList();
    }

    /** @return the stall reports naming actor {@code name}. */
    public List<LogRecord> about(final String name)
    {
        return containing("actor '" + name + "'");
    }

    @Override
    public void close()
    {
        logger.removeHandler(handler);
    }
}
