package io.hotpath.remote;

/**
 * A node's counters over JMX, registered as {@code io.hotpath:type=RemoteNode,name="<address>"} on the platform
 * MBean server while the node runs (unless its engine has {@code jmx=false}). Each read takes a fresh
 * {@link NodeStats}; the figures mean what its components say. Implemented by the node; thread safe.
 */
public interface NodeMXBean
{
    /** {@return the node's address} */
    String getAddress();

    /** {@return this run's incarnation, in hexadecimal} */
    String getIncarnation();

    /** {@return the sessions up now ({@link NodeStats#peers()})} */
    int getPeers();

    /** {@return data frames published to live peers and not yet acknowledged ({@link NodeStats#unacknowledged()})} */
    long getUnacknowledged();

    /** {@return data frames published to peers lost before they acknowledged them ({@link NodeStats#possiblyLost()})} */
    long getPossiblyLost();

    /** {@return sends refused for back-pressure ({@link NodeStats#refusedSends()})} */
    long getRefusedSends();

    /** {@return type ids refused with peers whose codec tables disagree ({@link NodeStats#codecMismatches()})} */
    long getCodecMismatches();
}
