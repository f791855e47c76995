package io.hotpath.release;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A japicmp XML report (the japicmp-maven-plugin's {@code <execution id>.xml}): which jars it compared, and the
 * breaks: every compatibility change japicmp marks as breaking binaries or sources, grouped by the type or member it
 * belongs to. Immutable once read; one thread reads it.
 */
public final class ApiReport
{
    private static final Set<String> MEMBERS = Set.of("method", "constructor", "field");

    private final Path file;
    private final Element root;

    private ApiReport(final Path file, final Element root)
    {
        this.file = file;
        this.root = root;
    }

    /**
     * @param report japicmp's XML report.
     * @return the report.
     * @throws UncheckedIOException when the report is missing or not japicmp's XML.
     */
    public static ApiReport read(final Path report)
    {
        return new ApiReport(report, parse(report).getDocumentElement());
    }

    /** {@return the file it was read from} */
    public Path file()
    {
        return file;
    }

    /** {@return the jar japicmp compared as the old version, as it names it} */
    public String oldJar()
    {
        return root.getAttribute("oldJar");
    }

    /** {@return the jar japicmp compared as the new version, as it names it} */
    public String newJar()
    {
        return root.getAttribute("newJar");
    }

    /**
     * @param packages the packages whose types are API (the baseline's exported packages); other types are skipped.
     * @return the breaks in those packages, in the report's order.
     */
    public List<ApiBreak> breaks(final Set<String> packages)
    {
        final Map<String, Accumulated> found = new LinkedHashMap<>();
        for (final Element type : children(root, "classes", "class"))
        {
            final String className = type.getAttribute("fullyQualifiedName");
            if (!packages.contains(packageOf(className)))
            {
                continue;
            }
            final boolean removed = "REMOVED".equals(type.getAttribute("changeStatus"));
            final NodeList changes = type.getElementsByTagName("compatibilityChange");
            for (int i = 0; i < changes.getLength(); i++)
            {
                final Element change = (Element)changes.item(i);
                final boolean binary = "false".equals(change.getAttribute("binaryCompatible"));
                final boolean source = "false".equals(change.getAttribute("sourceCompatible"));
                if (binary || source)
                {
                    final Element member = memberOf(change, type);
                    final ApiBreak.Kind kind = member == null ? ApiBreak.Kind.TYPE : kind(member);
                    final String signature = member == null ? "" : signature(kind, member);
                    found.computeIfAbsent(className + " " + kind + " " + signature,
                        key -> new Accumulated(className, kind, signature, removed))
                        .add(change.getAttribute("type"), binary, source);
                }
            }
        }
        return found.values().stream().map(Accumulated::toBreak).toList();
    }

    /** {@return the package of a binary class name, empty for none} */
    static String packageOf(final String className)
    {
        final int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    private static Document parse(final Path report)
    {
        if (!Files.isRegularFile(report))
        {
            throw new UncheckedIOException(new IOException("japicmp wrote no report at " + report + ": the build " +
                "runs japicmp-maven-plugin with one execution per library, named api-<artifactId>, before the check"));
        }
        try
        {
            final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(report.toFile());
        }
        catch (final ParserConfigurationException | SAXException | IOException ex)
        {
            throw new UncheckedIOException(new IOException("cannot read japicmp's report " + report + ": " +
                ex.getMessage(), ex));
        }
    }

    private static List<Element> children(final Element parent, final String wrapper, final String name)
    {
        final List<Element> elements = new ArrayList<>();
        for (Node wrap = parent.getFirstChild(); wrap != null; wrap = wrap.getNextSibling())
        {
            if (wrap instanceof Element w && w.getTagName().equals(wrapper))
            {
                for (Node n = w.getFirstChild(); n != null; n = n.getNextSibling())
                {
                    if (n instanceof Element e && e.getTagName().equals(name))
                    {
                        elements.add(e);
                    }
                }
            }
        }
        return elements;
    }

    /** {@return the method, constructor or field a change lies under, or null for a change of the type itself} */
    private static Element memberOf(final Element change, final Element type)
    {
        for (Node n = change.getParentNode(); n != null && n != type; n = n.getParentNode())
        {
            if (n instanceof Element e && MEMBERS.contains(e.getTagName()) && n.getParentNode() != null &&
                n.getParentNode().getParentNode() == type)
            {
                return e;
            }
        }
        return null;
    }

    private static ApiBreak.Kind kind(final Element member)
    {
        return switch (member.getTagName())
        {
            case "method" -> ApiBreak.Kind.METHOD;
            case "constructor" -> ApiBreak.Kind.CONSTRUCTOR;
            default -> ApiBreak.Kind.FIELD;
        };
    }

    private static String signature(final ApiBreak.Kind kind, final Element member)
    {
        if (kind == ApiBreak.Kind.FIELD)
        {
            return member.getAttribute("name");
        }
        final List<String> types = children(member, "parameters", "parameter").stream()
            .map(p -> p.getAttribute("type")).toList();
        return (kind == ApiBreak.Kind.METHOD ? member.getAttribute("name") : "") + "(" + String.join(", ", types) + ")";
    }

    /** The changes found so far for one type or member. */
    private static final class Accumulated
    {
        private final String className;
        private final ApiBreak.Kind kind;
        private final String member;
        private final boolean typeRemoved;
        private final Set<String> changes = new TreeSet<>();
        private boolean binary;
        private boolean source;

        Accumulated(final String className, final ApiBreak.Kind kind, final String member, final boolean typeRemoved)
        {
            this.className = className;
            this.kind = kind;
            this.member = member;
            this.typeRemoved = typeRemoved;
        }

        void add(final String change, final boolean breaksBinaries, final boolean breaksSources)
        {
            changes.add(change);
            binary |= breaksBinaries;
            source |= breaksSources;
        }

        ApiBreak toBreak()
        {
            return new ApiBreak(className, kind, member, typeRemoved, changes, binary, source);
        }
    }
}
