package io.hotpath.remote;

import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a module user sees of remote actors: the API package and nothing else; and inside, the transport keeps one
 * public class, its entry. The module path itself is proven by the examples' RemoteModulePathIT.
 */
class ModuleBoundaryTest
{
    @Test
    void theDescriptorExportsTheApiOnlyAndNamesTheModulesItReads() throws Exception
    {
        final ModuleDescriptor descriptor = ModuleFinder.of(remoteClasses()).find("io.hotpath.remote").orElseThrow()
            .descriptor();
        final Map<String, Set<String>> exports = descriptor.exports().stream()
            .collect(Collectors.toMap(ModuleDescriptor.Exports::source, ModuleDescriptor.Exports::targets));
        assertThat(exports).isEqualTo(Map.of("io.hotpath.remote", Set.of()));
        assertThat(descriptor.opens()).isEmpty();
        final Map<String, Set<ModuleDescriptor.Requires.Modifier>> requires = descriptor.requires().stream()
            .filter(r -> !r.name().equals("java.base"))
            .collect(Collectors.toMap(ModuleDescriptor.Requires::name, ModuleDescriptor.Requires::modifiers));
        assertThat(requires).isEqualTo(Map.of(
            "io.hotpath", Set.of(ModuleDescriptor.Requires.Modifier.TRANSITIVE),
            "org.agrona", Set.of(ModuleDescriptor.Requires.Modifier.TRANSITIVE),
            "java.management", Set.of(),
            "io.aeron.client", Set.of(),
            "io.aeron.driver", Set.of()));
        assertThat(descriptor.packages()).as("the sample domain lives in the examples")
            .containsExactlyInAnyOrder("io.hotpath.remote", "io.hotpath.remote.transport", "io.hotpath.remote.protocol");
    }

    @Test
    void theTransportsOnlyPublicClassIsItsEntry() throws Exception
    {
        final Path transport = remoteClasses().resolve("io/hotpath/remote/transport");
        final List<String> publicClasses;
        try (Stream<Path> files = Files.list(transport))
        {
            publicClasses = files.map(file -> file.getFileName().toString())
                .filter(name -> name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class"))
                .map(name -> "io.hotpath.remote.transport." + name.substring(0, name.length() - ".class".length()))
                .filter(ModuleBoundaryTest::isPublic)
                .toList();
        }
        assertThat(publicClasses).containsExactly("io.hotpath.remote.transport.NodeTransport");
    }

    private static boolean isPublic(final String className)
    {
        try
        {
            return Modifier.isPublic(Class.forName(className, false, ModuleBoundaryTest.class.getClassLoader())
                .getModifiers());
        }
        catch (final ClassNotFoundException ex)
        {
            throw new AssertionError("listed but not loadable: " + className, ex);
        }
    }

    /** The module's compiled classes, with module-info.class: where RemoteNode was loaded from. */
    private static Path remoteClasses() throws URISyntaxException
    {
        final Path classes = Path.of(RemoteNode.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertThat(Files.isRegularFile(classes.resolve("module-info.class"))).as(classes + " has module-info.class")
            .isTrue();
        return classes;
    }
}
