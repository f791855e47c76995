/**
 * Hotpath's test kit, for a service's own tests of its actors: an engine on virtual time whose workers the test
 * steps, probes that receive and assert messages, and assertions on dead letters and faults. Its API speaks the
 * engine's types only.
 */
module io.hotpath.testkit
{
    requires transitive io.hotpath;

    exports io.hotpath.testkit;
}
