package io.hotpath.release;

import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The release bundle as {@code mvn deploy} laid it out in a file repository, checked the way a staging repository
 * checks what it receives: every artifact has its POM; a jar has its -sources and -javadoc jars; every file has its
 * MD5 and SHA-1 checksums, and they match; every POM, with the parent POM it inherits from (which must be in the
 * bundle), gives a name, a description, a URL, a licence, the SCM and the developers. NOT thread safe.
 */
public final class StagedBundle
{
    private static final List<String> METADATA = List.of("name", "description", "url", "licenses", "scm",
        "developers");

    private final Path repository;
    private final String groupId;
    private final Version version;
    private final Map<String, Artifact> artifacts = new LinkedHashMap<>();
    private final Set<String> problems = new LinkedHashSet<>();

    /**
     * An artifact of the bundle.
     *
     * @param artifactId its artifact.
     * @param packaging  its POM's packaging: jar or pom.
     * @param dir        its folder in the bundle.
     * @param fileStem   its files' names before the classifier: artifactId-version, with a snapshot's timestamp.
     * @param pom        its POM.
     */
    public record Artifact(String artifactId, String packaging, Path dir, String fileStem, Element pom)
    {
        /** {@return its main jar} */
        public Path jar()
        {
            return dir.resolve(fileStem + ".jar");
        }
    }

    private StagedBundle(final Path repository, final String groupId, final Version version)
    {
        this.repository = repository;
        this.groupId = groupId;
        this.version = version;
    }

    /**
     * @param repository the file repository deployed to.
     * @param groupId    the project's group.
     * @param version    the version deployed.
     * @return the bundle, with what is wrong with it.
     */
    public static StagedBundle check(final Path repository, final String groupId, final Version version)
    {
        final StagedBundle bundle = new StagedBundle(repository, groupId, version);
        bundle.read();
        bundle.artifacts.values().forEach(bundle::checkArtifact);
        return bundle;
    }

    /** {@return the artifacts found, by artifactId, in its order} */
    public Map<String, Artifact> artifacts()
    {
        return Collections.unmodifiableMap(artifacts);
    }

    /** {@return what is wrong, one line each; empty when the bundle is complete} */
    public List<String> problems()
    {
        return List.copyOf(problems);
    }

    private void read()
    {
        final Path group = repository.resolve(groupId.replace('.', '/'));
        if (!Files.isDirectory(group))
        {
            problems.add("nothing was deployed to " + group);
            return;
        }
        try (Stream<Path> dirs = Files.list(group))
        {
            for (final Path dir : dirs.filter(Files::isDirectory).sorted().toList())
            {
                final String artifactId = dir.getFileName().toString();
                final Path versionDir = dir.resolve(version.toString());
                final List<Path> poms = list(versionDir).stream()
                    .filter(f -> f.getFileName().toString().endsWith(".pom")).toList();
                if (poms.size() != 1)
                {
                    problems.add(artifactId + ": " + poms.size() + " POMs of " + version + " in " + versionDir);
                    continue;
                }
                final String pomName = poms.getFirst().getFileName().toString();
                final Element pom = parse(poms.getFirst());
                final String packaging = text(pom, "packaging").isEmpty() ? "jar" : text(pom, "packaging");
                artifacts.put(artifactId, new Artifact(artifactId, packaging, versionDir,
                    pomName.substring(0, pomName.length() - ".pom".length()), pom));
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot read the bundle in " + group + ": " + ex.getMessage(), ex);
        }
    }

    private void checkArtifact(final Artifact artifact)
    {
        final List<String> files = new ArrayList<>(List.of(artifact.fileStem() + ".pom"));
        if (artifact.packaging().equals("jar"))
        {
            files.addAll(List.of(artifact.fileStem() + ".jar", artifact.fileStem() + "-sources.jar",
                artifact.fileStem() + "-javadoc.jar"));
        }
        for (final String name : files)
        {
            final Path file = artifact.dir().resolve(name);
            if (!Files.isRegularFile(file))
            {
                problems.add(artifact.artifactId() + ": no " + name + " in " + artifact.dir());
                continue;
            }
            checksum(file, "MD5", ".md5");
            checksum(file, "SHA-1", ".sha1");
        }
        if (artifact.packaging().equals("jar"))
        {
            contains(artifact, "-sources.jar", ".java", "no source file");
            contains(artifact, "-javadoc.jar", "index.html", "no index.html");
            contains(artifact, ".jar", ".class", "no class");
        }
        for (final String element : METADATA)
        {
            if (inherited(artifact.pom(), element).isEmpty())
            {
                problems.add(artifact.artifactId() + ": its POM, with its parent's, has no <" + element + ">");
            }
        }
    }

    /** {@return an element's text in the POM, or in the parent POM it inherits from in the bundle, or empty} */
    private String inherited(final Element pom, final String element)
    {
        final String own = text(pom, element);
        if (!own.isEmpty() || element.equals("name") || element.equals("description"))
        {
            return own;
        }
        final Element parent = child(pom, "parent");
        if (parent == null)
        {
            return "";
        }
        final Artifact from = artifacts.get(text(parent, "artifactId"));
        if (from == null || !text(parent, "groupId").equals(groupId) ||
            !text(parent, "version").equals(version.toString()))
        {
            problems.add("the parent POM " + text(parent, "groupId") + ":" + text(parent, "artifactId") + ":" +
                text(parent, "version") + " is not in the bundle, so no one can resolve the POMs that inherit it");
            return "?";
        }
        return inherited(from.pom(), element);
    }

    private void checksum(final Path file, final String algorithm, final String extension)
    {
        final Path sum = file.resolveSibling(file.getFileName() + extension);
        try
        {
            if (!Files.isRegularFile(sum))
            {
                problems.add("no " + algorithm + " checksum " + sum.getFileName() + " beside " + file);
                return;
            }
            final String expected = HexFormat.of().formatHex(MessageDigest.getInstance(algorithm)
                .digest(Files.readAllBytes(file)));
            final String written = Files.readString(sum).strip().split("\\s+")[0];
            if (!written.equalsIgnoreCase(expected))
            {
                problems.add(sum + " says " + written + " but the file's " + algorithm + " is " + expected);
            }
        }
        catch (final IOException | NoSuchAlgorithmException ex)
        {
            problems.add("cannot check " + sum + ": " + ex.getMessage());
        }
    }

    private void contains(final Artifact artifact, final String suffix, final String entryEnd, final String missing)
    {
        final Path jar = artifact.dir().resolve(artifact.fileStem() + suffix);
        if (!Files.isRegularFile(jar))
        {
            return;
        }
        try (JarFile file = new JarFile(jar.toFile()))
        {
            if (file.stream().noneMatch(entry -> entry.getName().endsWith(entryEnd)))
            {
                problems.add(artifact.artifactId() + ": " + jar.getFileName() + " holds " + missing);
            }
        }
        catch (final IOException ex)
        {
            problems.add(artifact.artifactId() + ": " + jar.getFileName() + " is not a jar: " + ex.getMessage());
        }
    }

    private static List<Path> list(final Path dir) throws IOException
    {
        if (!Files.isDirectory(dir))
        {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir))
        {
            return files.sorted().toList();
        }
    }

    private static Element parse(final Path pom)
    {
        try
        {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
        }
        catch (final ParserConfigurationException | SAXException | IOException ex)
        {
            throw new UncheckedIOException(new IOException("cannot read the POM " + pom + ": " + ex.getMessage(), ex));
        }
    }

    private static Element child(final Element parent, final String name)
    {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling())
        {
            if (n instanceof Element e && e.getTagName().equals(name))
            {
                return e;
            }
        }
        return null;
    }

    private static String text(final Element parent, final String name)
    {
        final Element e = child(parent, name);
        return e == null ? "" : e.getTextContent().strip();
    }
}
