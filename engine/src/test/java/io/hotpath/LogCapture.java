package io.hotpath;

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
final class LogCapture implements AutoCloseable
{
    private final Logger logger;
    final List<LogRecord> records = new CopyOnWriteArrayList<>();
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

    LogCapture(final String name)
    {
        logger = Logger.getLogger(name);
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** @return the records whose message contains {@code text}. */
    List<LogRecord> containing(final String text)
    {
        return records.stream().filter(r -> r.getMessage().contains(text)).toList();
    }

    @Override
    public void close()
    {
        logger.removeHandler(handler);
    }
}
