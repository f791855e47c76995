package io.hotpath.moduletest;

import io.hotpath.ActorContext;
import io.hotpath.ActorRef;
import io.hotpath.ChildJvm;
import io.hotpath.Engine;
import io.hotpath.EngineConfig;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a module user sees of the engine: the API packages and nothing else, and an address that is not a context.
 */
class ModuleBoundaryTest
{
    @Test
    void theDescriptorExportsTheApiOnly()
    {
        final ModuleDescriptor descriptor = ModuleFinder.of(engineClasses()).find("io.hotpath").orElseThrow()
            .descriptor();
        final Map<String, Set<String>> exports = descriptor.exports().stream()
            .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertEquals(Map.of("io.hotpath", Set.of(), "io.hotpath.metrics", Set.of(), "io.hotpath.affinity", Set.of(),
            "io.hotpath.spi", Set.of("io.hotpath.remote", "io.hotpath.cluster")), exports);
        assertThat(descriptor.packages()).contains("io.hotpath.runtime", "io.hotpath.inbound", "io.hotpath.mailbox",
            "io.hotpath.timers", "io.hotpath.continuation", "io.hotpath.affinity.topology");
        assertTrue(descriptor.opens().isEmpty());
        assertThat(descriptor.provides()).singleElement().satisfies(provides ->
        {
            assertEquals("io.hotpath.spi.HooksProvider", provides.service());
            assertEquals(List.of("io.hotpath.runtime.HooksFactory"), provides.providers());
        });
    }

    @Test
    void theAffinityPackageExportsWhatItsApiNames() throws Exception
    {
        final Set<String> publicTypes;
        try (var files = Files.list(engineClasses().resolve("io/hotpath/affinity")))
        {
            publicTypes = files.map(file -> file.getFileName().toString())
                .filter(name -> name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class"))
                .map(name -> name.substring(0, name.length() - ".class".length()))
                .filter(name -> isPublic("io.hotpath.affinity." + name))
                .collect(Collectors.toSet());
        }
        assertEquals(Set.of("AffinityProfile", "CpuSet", "PinReport", "PinResult", "AffinityException"), publicTypes);
    }

    private static boolean isPublic(final String className)
    {
        try
        {
            return Modifier.isPublic(Class.forName(className).getModifiers());
        }
        catch (final ClassNotFoundException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    @Test
    void anAddressHandedToAnotherActorIsNotItsContext() throws Exception
    {
        try (Engine engine = Engine.start(EngineConfig.builder().workers(1).build()))
        {
            final AtomicReference<ActorContext<String>> context = new AtomicReference<>();
            final ActorRef<String> a = engine.spawn("a", (ActorContext<String> ctx) ->
            {
                context.set(ctx);
                return m -> { };
            });
            final AtomicReference<Object> received = new AtomicReference<>();
            final java.util.concurrent.CountDownLatch got = new java.util.concurrent.CountDownLatch(1);
            final ActorRef<ActorRef<String>> b = engine.spawn("b", (ActorContext<ActorRef<String>> ctx) -> ref ->
            {
                received.set(ref);
                got.countDown();
            });
            b.tell(a);
            assertTrue(got.await(10, TimeUnit.SECONDS));
            assertFalse(received.get() instanceof ActorContext, "the address is also the context");
            assertFalse(a instanceof ActorContext);
            assertTrue(context.get() != null && !(context.get() instanceof ActorRef));
            assertTrue(context.get().self() == a);
        }
    }

    @Test
    void onTheModulePathTheInternalsAreSealedAndTheApiWorks() throws Exception
    {
        final String classPath = System.getProperty("java.class.path");
        final String agrona = Arrays.stream(classPath.split(File.pathSeparator))
            .filter(entry -> entry.contains("agrona")).findFirst().orElseThrow();
        final String hdrHistogram = Arrays.stream(classPath.split(File.pathSeparator))
            .filter(entry -> entry.contains("HdrHistogram")).findFirst().orElseThrow();
        final String testClasses = Arrays.stream(classPath.split(File.pathSeparator))
            .filter(entry -> entry.endsWith("test-classes")).findFirst().orElseThrow();
        final String output = ChildJvm.run(List.of(
            "--module-path", engineClasses() + File.pathSeparator + agrona + File.pathSeparator + hdrHistogram,
            "--add-modules", "io.hotpath",
            "-cp", testClasses, ModuleChild.class.getName()));
        assertThat(output).contains("engine module: io.hotpath", "answer: 42", "handler times: 1", "over JMX: 1",
            "spi sealed: IllegalAccessError", "runtime sealed: IllegalAccessException",
            "await flag: --add-exports java.base/jdk.internal.vm=io.hotpath");
    }

    private static Path engineClasses()
    {
        final String classes = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> entry.replace('\\', '/').endsWith("engine/target/classes")).findFirst().orElseThrow();
        return Path.of(classes);
    }
}
