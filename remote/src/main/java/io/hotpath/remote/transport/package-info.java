/**
 * The inside of a remote node; not for applications (public only so that {@link io.hotpath.remote.RemoteNode} can
 * wire it). Ownership: a {@link io.hotpath.remote.transport.WorkerLink} and everything it holds belong to its
 * worker's thread; the {@link io.hotpath.remote.transport.ControlAgent}, its peers and the control fields of each
 * {@link io.hotpath.remote.transport.Session} to the control worker; a session's state is written by the control
 * worker and read by all (volatile), and what the other threads read of a session is written before the store that
 * makes it up. The {@link io.hotpath.remote.transport.Registry} is read lock free through volatile snapshots. Other
 * threads reach the control worker and the links by messages to their actors, never by calls.
 */
package io.hotpath.remote.transport;
