/**
 * Rejected alternatives kept as fixtures: each is a weaker version of an engine protocol, tested with the same
 * outcomes, so the run shows why the engine pays for what it does. Their failures are marked
 * {@code ACCEPTABLE_INTERESTING}: they document, they do not fail the build.
 */
package io.hotpath.runtime.alternatives;
