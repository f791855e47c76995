/**
 * The JDK's one-shot delimited continuations ({@code jdk.internal.vm.Continuation}, the mechanism under virtual
 * threads), on which sequential actors ({@code await}) and a worker's loop run. Internal.
 * <p>
 * The package {@code jdk.internal.vm} is not exported by {@code java.base}: a JVM must be started with
 * {@code --add-exports java.base/jdk.internal.vm=ALL-UNNAMED} when the engine is on the class path, or with
 * {@code --add-exports java.base/jdk.internal.vm=io.hotpath} when it is on the module path. Without the flag
 * {@link io.hotpath.continuation.Continuations#available()} is false and
 * {@link io.hotpath.continuation.Continuations#reason()} names the flag; the class that calls into the JDK is then
 * never linked, and the rest of the engine runs as before. This is the only package that touches
 * {@code jdk.internal.vm}.
 * <p>
 * Rules: a continuation is created, run and yielded on one thread at a time (the worker that owns it); the methods
 * here keep no state of their own but the scope.
 */
package io.hotpath.continuation;
