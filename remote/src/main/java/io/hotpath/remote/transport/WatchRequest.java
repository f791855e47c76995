package io.hotpath.remote.transport;

import io.hotpath.Reply;
import io.hotpath.Terminated;

/**
 * A watch of a remote actor: a command to the control agent, then the entry its session keeps until the actor's
 * node says it has stopped or the session is lost. Immutable.
 *
 * @param ref    the remote actor.
 * @param reply  completed with why the actor is gone.
 * @param worker the watching thread's worker, where the reply is completed; -1 for a thread outside the engine.
 */
record WatchRequest(RemoteRef<?> ref, Reply<Terminated> reply, int worker)
{
}
