package io.hotpath.remote.transport;

import io.hotpath.remote.NodeMXBean;
import io.hotpath.remote.NodeStats;

import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import java.lang.management.ManagementFactory;

/**
 * A node's MBean, {@code io.hotpath:type=RemoteNode,name="<address>"}: registered once the node has started, when its
 * engine registers its own ({@code jmx}), and unregistered when it closes. A name taken already (a node of the same
 * address in this JVM, on another driver) is logged and skipped, never fatal. Thread safe.
 */
final class NodeBean implements NodeMXBean
{
    private final NodeRuntime node;
    private ObjectName registered;

    NodeBean(final NodeRuntime node)
    {
        this.node = node;
    }

    /** @return the bean's name. */
    static ObjectName name(final String address) throws JMException
    {
        return new ObjectName("io.hotpath:type=RemoteNode,name=" + ObjectName.quote(address));
    }

    synchronized void register()
    {
        try
        {
            final ObjectName name = name(node.address.toString());
            final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name))
            {
                node.logWarning("MBean " + name + " is registered already (another node of address " +
                    node.address + " in this JVM); this node has none");
                return;
            }
            server.registerMBean(new StandardMBean(this, NodeMXBean.class, true), name);
            registered = name;
        }
        catch (final JMException ex)
        {
            node.logError("the MBean of node " + node.address + " could not be registered", ex);
        }
    }

    synchronized void unregister()
    {
        if (registered != null)
        {
            try
            {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(registered);
            }
            catch (final JMException ex)
            {
                // gone already: nothing to undo
            }
            registered = null;
        }
    }

    @Override
    public String getAddress()
    {
        return node.address.toString();
    }

    @Override
    public String getIncarnation()
    {
        return Long.toHexString(node.incarnation);
    }

    @Override
    public int getPeers()
    {
        return node.stats().peers();
    }

    @Override
    public long getUnacknowledged()
    {
        return node.stats().unacknowledged();
    }

    @Override
    public long getPossiblyLost()
    {
        return node.stats().possiblyLost();
    }

    @Override
    public long getRefusedSends()
    {
        return node.stats().refusedSends();
    }

    @Override
    public long getCodecMismatches()
    {
        return node.stats().codecMismatches();
    }
}
