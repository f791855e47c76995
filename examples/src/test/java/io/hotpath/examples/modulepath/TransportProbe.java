package io.hotpath.examples.modulepath;

import io.hotpath.Engine;
import io.hotpath.remote.RemoteConfig;
import io.hotpath.remote.RemoteNode;

/**
 * A program on the class path that uses remote actors from the module path: it names the module RemoteNode came
 * from and tries to reach the transport's one public class, which the module does not export. Main thread only.
 */
public final class TransportProbe
{
    private TransportProbe()
    {
    }

    /**
     * @param args none.
     * @throws Exception when the transport's class cannot be found at all.
     */
    public static void main(final String[] args) throws Exception
    {
        System.out.println("remote module: " + RemoteNode.class.getModule().getName());
        final Class<?> transport = Class.forName("io.hotpath.remote.transport.NodeTransport");
        try
        {
            transport.getMethod("start", Engine.class, RemoteConfig.class).invoke(null, null, null);
            System.out.println("transport reachable");
        }
        catch (final IllegalAccessException ex)
        {
            System.out.println("transport sealed: IllegalAccessException");
        }
    }
}
