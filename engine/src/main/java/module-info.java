/**
 * Hotpath's engine: an event-loop actor engine of pinned workers. It reads its JMX MBeans' interfaces and its JFR
 * events from {@code java.management} and {@code jdk.jfr}, and records latencies with HdrHistogram. Only the API is
 * exported: {@code io.hotpath}, its counters ({@code io.hotpath.metrics}) and thread affinity
 * ({@code io.hotpath.affinity}); the hooks for the modules that extend it ({@code io.hotpath.spi}) go to the remote and
 * cluster modules alone, and everything else is sealed.
 * <p>
 * Sequential actors ({@code await}) need {@code --add-exports java.base/jdk.internal.vm=io.hotpath} on the module
 * path ({@code =ALL-UNNAMED} on the class path); pinning needs {@code --enable-native-access=io.hotpath}
 * ({@code =ALL-UNNAMED} on the class path).
 * <p>
 * HdrHistogram's jar declares no module name (its build means {@code org.HdrHistogram}, but the jar it publishes does
 * not carry it), so on the module path it is the automatic module {@code HdrHistogram}, named after its file. Only the
 * opt-in latency histograms use it and the API names none of its types, so the engine requires it {@code static}: the
 * engine resolves whatever HdrHistogram's module is called, or without it, and reads it whenever it is resolved. It is
 * resolved whenever its jar is on the module path, since resolving Agrona, an automatic module too, resolves every
 * automatic module there. The compiler plugin's warning "Required filename-based automodules detected:
 * [HdrHistogram-...jar]" names this dependence; it stays until HdrHistogram's jar carries a name of its own.
 */
module io.hotpath
{
    requires org.agrona;
    requires java.management;
    requires jdk.jfr;
    requires static HdrHistogram;

    exports io.hotpath;
    exports io.hotpath.metrics;
    exports io.hotpath.affinity;
    exports io.hotpath.spi to io.hotpath.remote, io.hotpath.cluster;

    uses io.hotpath.spi.HooksProvider;
    provides io.hotpath.spi.HooksProvider with io.hotpath.runtime.HooksFactory;
}
