/**
 * The inside of a remote node; not for applications, and not exported by the module {@code io.hotpath.remote}.
 * <p>
 * One class is public: {@link io.hotpath.remote.transport.NodeTransport}, the entry through which
 * {@link io.hotpath.remote.RemoteNode} starts, drives and closes a node's transport. The wiring (launching the media
 * driver, subscribing, spawning the node's actors, the order of closing) lives here behind that entry, not in
 * {@code RemoteNode}: the parts share package-private state ({@code NodeRuntime}'s fields) that the API package must
 * not see, and {@code RemoteNode} keeps what belongs to the API (checking what users pass, the contract). Moving
 * the transport into the API package instead would put all of its classes beside the public types, against one
 * package per concern. Every other class here is package-private.
 * <p>
 * Ownership: a {@code WorkerLink} and everything it holds ({@code WorkerSends}, {@code CongestionNotices}, its
 * {@code PendingAsks}) belong to its worker's thread; the {@code ControlAgent}, its peers and the control fields of
 * each {@code Session} to the thread that runs the agent ({@code ControlHost}: the node's own, or a worker). A
 * session's state is written by the control agent and read by all (volatile), and what the other threads read of a
 * session is written before the store that makes it up. The {@code Registry} is read lock free through volatile
 * snapshots. Other threads reach the control agent and the links by commands on their queues, never by calls; a
 * reply is completed on the worker that asked ({@code NodeRuntime.complete}), so no part ever waits for room in
 * another worker's queue.
 */
package io.hotpath.remote.transport;
