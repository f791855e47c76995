/**
 * Structures touched by one thread only, the owning worker: actors' mailboxes and the ready queue. No atomics, no
 * fences; growth allocates, steady state does not.
 */
package io.hotpath.mailbox;
