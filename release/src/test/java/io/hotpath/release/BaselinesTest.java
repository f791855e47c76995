package io.hotpath.release;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BaselinesTest
{
    @Test
    void aBaselineHoldsTheDescriptorAndTheExportedPackagesOnlyAndIsTheSameBytesEachTime(@TempDir final Path dir)
        throws IOException
    {
        final Path library = Fixtures.jar(Fixtures.BEFORE, dir.resolve("build/hotpath-fixture-0.1.0.jar"));
        final Path first = dir.resolve("api/0.1.0/hotpath-fixture-0.1.0.jar");
        assertThat(Baselines.write(library, first)).isEqualTo(5);
        try (JarFile jar = new JarFile(first.toFile()))
        {
            assertThat(jar.stream().map(JarEntry::getName)).containsExactly("fixture/api/Gone$Part.class",
                "fixture/api/Gone.class", "fixture/api/Greeter.class", "fixture/api/Sink.class",
                "fixture/extra/Extra.class", "module-info.class");
        }
        assertThat(ModuleApi.of(first)).isEqualTo(ModuleApi.of(library));
        final Path second = dir.resolve("again.jar");
        Baselines.write(library, second);
        assertThat(Files.mismatch(first, second)).isEqualTo(-1);
    }

    @Test
    void theBaselineIsTheNewestReleaseBeforeTheVersionBuilt(@TempDir final Path dir) throws IOException
    {
        Files.createDirectories(dir.resolve("0.1.0"));
        Files.createDirectories(dir.resolve("0.2.0"));
        Files.createDirectories(dir.resolve("0.10.0"));
        final Baselines baselines = new Baselines(dir);
        assertThat(baselines.latestBefore(Version.parse("0.2.0-SNAPSHOT"))).contains(Version.parse("0.1.0"));
        assertThat(baselines.latestBefore(Version.parse("0.2.1"))).contains(Version.parse("0.2.0"));
        assertThat(baselines.latestBefore(Version.parse("0.11.0-SNAPSHOT"))).contains(Version.parse("0.10.0"));
        assertThat(baselines.latestBefore(Version.parse("0.1.0"))).isEmpty();
        assertThat(new Baselines(dir.resolve("none")).latestBefore(Version.parse("0.1.0"))).isEmpty();
    }

    @Test
    void aFolderInApiThatIsNoReleaseIsReportedWithWhatApiHolds(@TempDir final Path dir) throws IOException
    {
        Files.createDirectories(dir.resolve("0.2.0-SNAPSHOT"));
        assertThatThrownBy(() -> new Baselines(dir).latestBefore(Version.parse("0.3.0")))
            .hasMessageContaining("0.2.0-SNAPSHOT is not a release's baseline: api/ holds one folder per release");
    }

    @Test
    void aJarWithoutADescriptorExportsEveryPackage(@TempDir final Path dir)
    {
        final Path jar = Fixtures.jar(java.util.Map.of("a/b/C.java", "package a.b; public class C { }",
            "a/D.java", "package a; public class D { }"), dir.resolve("plain.jar"));
        assertThat(ModuleApi.of(jar)).isEqualTo(new ModuleApi(null, java.util.Set.of("a", "a.b")));
        assertThat(ModuleApi.of(jar).described()).isEqualTo("no module descriptor: every package is API");
    }
}
