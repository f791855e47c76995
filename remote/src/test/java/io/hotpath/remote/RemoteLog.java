package io.hotpath.remote;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The messages of the remote module's logger ({@code io.hotpath.remote}) while a test runs: System.Logger goes to
 * java.util.logging on a plain JVM. Close it to stop catching.
 */
final class RemoteLog implements AutoCloseable
{
    private final Logger logger = Logger.getLogger("io.hotpath.remote");
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler()
    {
        @Override
        public void publish(final LogRecord record)
        {
            messages.add(record.getMessage());
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

    RemoteLog()
    {
        logger.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** {@return every message caught so far, oldest first} */
    List<String> messages()
    {
        return List.copyOf(messages);
    }

    /** {@return the messages that contain {@code text}} */
    List<String> containing(final String text)
    {
        return messages.stream().filter(m -> m.contains(text)).toList();
    }

    @Override
    public void close()
    {
        logger.removeHandler(handler);
    }
}
