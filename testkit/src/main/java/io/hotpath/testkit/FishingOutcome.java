package io.hotpath.testkit;

/**
 * What a fisher says of each message in {@link TestProbe#fishForMessage}; to fail the fishing at once, it throws an
 * {@link AssertionError}. Immutable.
 */
public enum FishingOutcome
{
    /** This is the message looked for: keep it and stop. */
    COMPLETE,
    /** Keep this message and go on fishing. */
    CONTINUE,
    /** Drop this message and go on fishing. */
    CONTINUE_AND_IGNORE
}
