/**
 * Hotpath's remote actors over Aeron: the same {@link io.hotpath.ActorRef} reaches actors in other processes and on
 * other hosts. Only the API ({@code io.hotpath.remote}) is exported; the transport and the generated control
 * protocol are sealed. It reads the engine's hooks ({@code io.hotpath.spi}, exported to this module alone) and uses
 * Aeron's client and media driver, and registers each node's MBean through {@code java.management}; the engine and
 * Agrona are required transitively, because the API speaks of the engine's types and its codecs write into Agrona's
 * buffers.
 * <p>
 * Agrona needs {@code --add-opens java.base/jdk.internal.misc=org.agrona} on the module path
 * ({@code =ALL-UNNAMED} on the class path); a node checks for it at start and names the form that applies.
 */
module io.hotpath.remote
{
    requires transitive io.hotpath;
    requires transitive org.agrona;
    requires java.management;
    requires io.aeron.client;
    requires io.aeron.driver;

    exports io.hotpath.remote;
}
