package io.hotpath.release;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/**
 * One break of the API found by japicmp: a type, a member of a type, or an exported package gone, with the kinds of
 * change it is (japicmp's names, e.g. METHOD_REMOVED) and what it breaks. It names itself as the CHANGELOG should:
 * a member as {@code Type.member}, a constructor as {@code Type(}, a type by its name, nested types with their outer
 * ones ({@code EngineConfig.Builder}). Immutable, so thread safe.
 *
 * @param className   the binary name of the type ({@code io.hotpath.EngineConfig$Builder}), or the package's name
 *                    for {@link Kind#PACKAGE}.
 * @param kind        what changed.
 * @param member      a method's name and parameter types ({@code clock(org.agrona.concurrent.NanoClock)}, a
 *                    constructor's parameter types ({@code (int)}), a field's name, or empty for a type or a
 *                    package.
 * @param typeRemoved whether the whole type left the API, so that naming the type names its members' breaks too.
 * @param changes     japicmp's kinds of change.
 * @param binary      whether it breaks programs compiled against the baseline.
 * @param source      whether it breaks sources that compiled against the baseline.
 */
public record ApiBreak(String className, Kind kind, String member, boolean typeRemoved, Set<String> changes,
    boolean binary, boolean source)
{
    /** What a break is a break of. */
    public enum Kind
    {
        /** An exported package no longer exported. */
        PACKAGE,
        /** A type as a whole: gone, made final, its supertypes or type parameters changed. */
        TYPE,
        /** A method. */
        METHOD,
        /** A constructor. */
        CONSTRUCTOR,
        /** A field. */
        FIELD
    }

    /** Copies the set of changes, in order. */
    public ApiBreak
    {
        changes = Collections.unmodifiableSortedSet(new TreeSet<>(changes));
    }

    /** {@return the type's name without its package, nested types after their outer ones: EngineConfig.Builder} */
    public String typeName()
    {
        return kind == Kind.PACKAGE ? className : simple(className);
    }

    /** {@return what the CHANGELOG must contain to name this break, e.g. {@code EngineConfig.Builder.clock}} */
    public String nameToList()
    {
        return switch (kind)
        {
            case PACKAGE, TYPE -> typeName();
            case CONSTRUCTOR -> typeName() + "(";
            case METHOD, FIELD -> typeName() + "." + memberName();
        };
    }

    /**
     * Whether a text names this break: its {@link #nameToList()} as a word (a member also as {@code Type#member});
     * a member of a type removed as a whole is also named by the type.
     *
     * @param text e.g. the CHANGELOG's section for the next release.
     * @return true when named.
     */
    public boolean isNamedIn(final String text)
    {
        return switch (kind)
        {
            case PACKAGE, TYPE -> mentions(text, typeName(), true);
            case CONSTRUCTOR -> mentions(text, nameToList(), false) || typeRemoved && mentions(text, typeName(), true);
            case METHOD, FIELD -> mentions(text, nameToList(), false) ||
                mentions(text, typeName() + "#" + memberName(), false) ||
                typeRemoved && mentions(text, typeName(), true);
        };
    }

    /** {@return the break in one line: what, and what it breaks} */
    public String described()
    {
        final String what = switch (kind)
        {
            case PACKAGE -> "package " + className + " (no longer exported)";
            case TYPE -> typeName();
            case CONSTRUCTOR -> typeName() + simpleTypes(member);
            case METHOD -> typeName() + "." + simpleTypes(member);
            case FIELD -> typeName() + "." + member;
        };
        final String breaks = binary && source ? "binaries and sources" : binary ? "binaries" : "sources";
        return what + ": " + String.join(", ", changes) + " (breaks " + breaks + ")";
    }

    private String memberName()
    {
        final int paren = member.indexOf('(');
        return paren < 0 ? member : member.substring(0, paren);
    }

    /** {@return a binary name without its package, '$' read as '.'} */
    static String simple(final String binaryName)
    {
        final int dollar = binaryName.indexOf('$');
        final int lastDot = binaryName.lastIndexOf('.', dollar < 0 ? binaryName.length() : dollar);
        return binaryName.substring(lastDot + 1).replace('$', '.');
    }

    private static String simpleTypes(final String signature)
    {
        final int open = signature.indexOf('(');
        if (open < 0 || signature.endsWith("()"))
        {
            return signature;
        }
        final String[] types = signature.substring(open + 1, signature.length() - 1).split(",");
        final StringBuilder out = new StringBuilder(signature.substring(0, open + 1));
        for (int i = 0; i < types.length; i++)
        {
            out.append(i == 0 ? "" : ", ").append(simple(types[i].strip()));
        }
        return out.append(')').toString();
    }

    /**
     * @param text     where to look.
     * @param token    a name; one that ends with '(' may be followed by anything.
     * @param typeOnly the token names a type as a whole: not followed by a member or nested type ({@code .x},
     *                 {@code #x}) or a parenthesis.
     * @return whether the token stands in the text as a word of its own.
     */
    static boolean mentions(final String text, final String token, final boolean typeOnly)
    {
        for (int at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1))
        {
            final int end = at + token.length();
            final boolean startsWord = at == 0 || !Character.isJavaIdentifierPart(text.charAt(at - 1));
            if (startsWord && (token.endsWith("(") || endsWord(text, end, typeOnly)))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean endsWord(final String text, final int end, final boolean typeOnly)
    {
        if (end == text.length())
        {
            return true;
        }
        final char next = text.charAt(end);
        if (Character.isJavaIdentifierPart(next))
        {
            return false;
        }
        if (!typeOnly)
        {
            return true;
        }
        final boolean memberFollows = (next == '.' || next == '#') && end + 1 < text.length() &&
            Character.isJavaIdentifierStart(text.charAt(end + 1));
        return !memberFollows && next != '(';
    }
}
