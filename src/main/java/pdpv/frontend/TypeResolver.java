package pdpv.frontend;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IEnumeration;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IFunctionType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.eclipse.cdt.core.dom.ast.c.ICArrayType;
import org.eclipse.cdt.core.dom.ast.c.ICQualifierType;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.CType.Kind;

/**
 * Maps CDT types to PDPV's integer {@link CType}s under the data model: typedefs and qualifiers
 * are looked through, enumerations are int, plain char is signed; arrays of integers have a
 * {@link Shape}. Every other type (pointer, floating, struct/union, function) is reported as
 * unsupported.
 */
final class TypeResolver {
    private final CSemantics semantics;

    TypeResolver(CSemantics semantics) {
        this.semantics = semantics;
    }

    CSemantics semantics() {
        return semantics;
    }

    /** The integer type, or null for void; unsupported types throw a {@link UserError} at {@code loc}. */
    CType resolve(IType type, SourceLoc loc) {
        IType t = strip(type);
        if (t instanceof IEnumeration) {
            return semantics.intType();
        }
        if (t instanceof IBasicType b) {
            return basic(b, loc);
        }
        if (t instanceof IArrayType) {
            shape(t, loc);
        }
        throw unsupported(describe(t), loc);
    }

    /** True when the type is an integer type (or an enumeration) that PDPV models. */
    boolean isInteger(IType type) {
        IType t = strip(type);
        if (t instanceof IEnumeration) {
            return true;
        }
        if (t instanceof IBasicType b) {
            return switch (b.getKind()) {
                case eChar, eInt, eBoolean, eUnspecified -> true;
                default -> false;
            };
        }
        return false;
    }

    /** True when the type is const-qualified (through typedefs): an object of it cannot be assigned. */
    static boolean isConst(IType type) {
        IType t = type;
        while (true) {
            if (t instanceof IQualifierType q) {
                if (q.isConst()) {
                    return true;
                }
                t = q.getType();
            } else if (t instanceof ITypedef td) {
                t = td.getType();
            } else {
                return false;
            }
        }
    }

    /**
     * The shape of an object of {@code type}: an integer type with no extents, or an array of
     * integers (issue #20) with its element type and its extents, outermost first; an extent PDPV
     * cannot tell (an array parameter, {@code int a[]}) is 0. Anything else is unsupported at {@code loc}.
     */
    Shape shape(IType type, SourceLoc loc) {
        List<Long> dims = new ArrayList<>();
        IType t = strip(type);
        while (t instanceof IArrayType a) {
            Number n = a.getSize() == null ? null : a.getSize().numberValue();
            if (a.getSize() != null && n == null || a instanceof ICArrayType c && c.isVariableLength()) {
                throw unsupported("variable-length array", loc);
            }
            long extent = n == null ? 0 : n.longValue();
            if (n != null && extent < 1) {
                throw unsupported("array of " + extent + " elements", loc);
            }
            dims.add(extent);
            t = strip(a.getType());
        }
        if (!dims.isEmpty() && !isInteger(t)) {
            try {
                resolve(t, loc);
            } catch (UserError e) {
                throw unsupported("array of " + e.getMessage(), loc);
            }
        }
        return new Shape(resolve(t, loc), dims);
    }

    /**
     * The shape of what a pointer (or array parameter) of {@code type} points into, if it points to
     * integers or arrays of integers: the pointee's shape below a first extent of 0 (unknown); else null.
     */
    Shape pointee(IType type, SourceLoc loc) {
        IType t = strip(type);
        IType target;
        if (t instanceof IPointerType p) {
            target = p.getType();
        } else if (t instanceof IArrayType a) {
            target = a.getType();
        } else {
            return null;
        }
        if (!isInteger(target) && !isIntegerArray(target)) {
            return null;
        }
        Shape inner = shape(target, loc);
        List<Long> dims = new ArrayList<>();
        dims.add(0L);
        dims.addAll(inner.dims());
        return new Shape(inner.element(), dims);
    }

    /** Whether {@code type} is an array whose elements (through every dimension) are integers. */
    boolean isIntegerArray(IType type) {
        IType t = strip(type);
        if (!(t instanceof IArrayType)) {
            return false;
        }
        while (t instanceof IArrayType a) {
            t = strip(a.getType());
        }
        return isInteger(t);
    }

    /** The element type and extents of an object: a scalar has none (issue #20). */
    record Shape(CType element, List<Long> dims) {
        boolean isArray() {
            return !dims.isEmpty();
        }
    }

    boolean isVoid(IType type) {
        return strip(type) instanceof IBasicType b && b.getKind() == IBasicType.Kind.eVoid;
    }

    /** {@code sizeof} of a type in bytes, or -1 when PDPV cannot tell. */
    long sizeOf(IType type, SourceLoc loc) {
        IType t = strip(type);
        if (t instanceof IPointerType) {
            return semantics.model().longWidth() / 8;
        }
        if (t instanceof IArrayType a && a.getSize() != null && a.getSize().numberValue() != null) {
            long element = sizeOf(a.getType(), loc);
            return element < 0 ? -1 : element * a.getSize().numberValue().longValue();
        }
        if (t instanceof IBasicType b && (b.getKind() == IBasicType.Kind.eFloat || b.getKind() == IBasicType.Kind.eDouble)) {
            return b.getKind() == IBasicType.Kind.eFloat ? 4 : b.isLong() ? 16 : 8;
        }
        if (isInteger(t)) {
            CType c = resolve(t, loc);
            return c.isBool() ? 1 : c.width() / 8;
        }
        Layout layout = t instanceof ICompositeType ? layout(t, loc) : null;
        return layout == null ? -1 : layout.size();
    }

    /** The size and alignment in bytes of an object (issue #20). */
    record Layout(long size, long align) {
    }

    /**
     * gcc's layout of an object of {@code type} on the data model, as the System V ABIs give it
     * (x86-64 for LP64, i386 for ILP32, where a {@code long long} member is aligned to 4 bytes):
     * integers, arrays of a known extent, structs (each member at the next offset its alignment
     * allows, the size rounded up to the largest alignment) and unions (the largest member,
     * rounded up likewise); null for any other type (pointers, floating types, an empty or
     * flexible aggregate). The one place that unions' and structs' byte offsets and sizes come from.
     */
    Layout layout(IType type, SourceLoc loc) {
        IType t = strip(type);
        if (isInteger(t)) {
            CType c = resolve(t, loc);
            long size = c.isBool() ? 1 : c.width() / 8;
            return new Layout(size, Math.min(size, semantics.model().longWidth() == 32 ? 4 : 8));
        }
        if (t instanceof IArrayType a) {
            Number n = a.getSize() == null ? null : a.getSize().numberValue();
            Layout element = layout(a.getType(), loc);
            if (n == null || n.longValue() < 1 || element == null) {
                return null;
            }
            return new Layout(Math.multiplyExact(element.size(), n.longValue()), element.align());
        }
        if (!(t instanceof ICompositeType c) || c.getFields().length == 0) {
            return null;
        }
        long size = 0;
        long align = 1;
        for (IField f : c.getFields()) {
            Layout m = isBitField(f) ? null : layout(f.getType(), loc);
            if (m == null) {
                return null;
            }
            align = Math.max(align, m.align());
            size = c.getKey() == ICompositeType.k_union ? Math.max(size, m.size()) : roundUp(size, m.align()) + m.size();
        }
        return new Layout(roundUp(size, align), align);
    }

    /** The byte offset of each member of the struct or union {@code c} ({@link #layout}), in declaration order. */
    List<Long> offsets(ICompositeType c, SourceLoc loc) {
        List<Long> out = new ArrayList<>();
        long at = 0;
        for (IField f : c.getFields()) {
            Layout m = layout(f.getType(), loc);
            if (m == null) {
                throw unsupported("layout of member " + f.getName() + " of " + describe(c), loc);
            }
            if (c.getKey() == ICompositeType.k_union) {
                out.add(0L);
            } else {
                at = roundUp(at, m.align());
                out.add(at);
                at += m.size();
            }
        }
        return out;
    }

    /** Whether {@code f} is a bit-field ({@code unsigned a : 3;}), which PDPV does not model. */
    static boolean isBitField(IField f) {
        if (f instanceof org.eclipse.cdt.internal.core.dom.parser.c.ICInternalBinding b) {
            for (org.eclipse.cdt.core.dom.ast.IASTNode n : new org.eclipse.cdt.core.dom.ast.IASTNode[] {b.getPhysicalNode(), b.getDefinition()}) {
                if (n != null && n.getParent() instanceof org.eclipse.cdt.core.dom.ast.IASTFieldDeclarator d && d.getBitFieldSize() != null) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Refuses a bit-field member {@code f} of {@code owner} (a struct or union) at {@code loc}, by name. */
    static void refuseBitField(IField f, ICompositeType owner, SourceLoc loc) {
        if (isBitField(f)) {
            throw unsupported("bit-field member " + f.getName() + " of " + describe(owner)
                    + " (PDPV reads members of whole integer types)", loc);
        }
    }

    private static long roundUp(long n, long align) {
        return (n + align - 1) / align * align;
    }

    /** The type of {@code sizeof}: size_t, an unsigned type as wide as a pointer. */
    CType sizeType() {
        return semantics.type(semantics.model().longWidth() == 64 ? Kind.LONG : Kind.INT, false);
    }

    private CType basic(IBasicType b, SourceLoc loc) {
        boolean unsigned = b.isUnsigned();
        return switch (b.getKind()) {
            case eBoolean -> CType.bool();
            case eChar -> semantics.type(Kind.CHAR, !unsigned);
            case eInt, eUnspecified -> {
                Kind kind = b.isShort() ? Kind.SHORT : b.isLongLong() ? Kind.LONG_LONG : b.isLong() ? Kind.LONG : Kind.INT;
                yield semantics.type(kind, !unsigned);
            }
            case eVoid -> null;
            case eFloat, eDouble, eFloat128, eDecimal32, eDecimal64, eDecimal128 -> throw unsupported("floating-point type " + b, loc);
            default -> throw unsupported("type " + b, loc);
        };
    }

    /** The type under its typedefs and qualifiers. */
    static IType strip(IType type) {
        IType t = type;
        while (true) {
            if (t instanceof ITypedef td) {
                t = td.getType();
            } else if (t instanceof IQualifierType q) {
                t = q.getType();
            } else if (t instanceof ICQualifierType q) {
                t = q.getType();
            } else {
                return t;
            }
        }
    }

    private static String describe(IType t) {
        if (t instanceof IPointerType p) {
            return strip(p.getType()) instanceof IFunctionType ? "function pointer" : "pointer type";
        }
        if (t instanceof IArrayType) {
            return "array type";
        }
        if (t instanceof ICompositeType c) {
            return (c.getKey() == ICompositeType.k_union ? "union " : "struct ") + c.getName();
        }
        if (t instanceof IFunctionType) {
            return "function pointer";
        }
        return "type " + t;
    }

    /** The declarator that names the entity, inside parentheses such as {@code (*fp)(int)}. */
    static IASTDeclarator innermost(IASTDeclarator declarator) {
        IASTDeclarator d = declarator;
        while (d.getNestedDeclarator() != null) {
            d = d.getNestedDeclarator();
        }
        return d;
    }

    static UserError unsupported(String what, SourceLoc loc) {
        return new UserError(UserError.Kind.UNSUPPORTED, loc, what);
    }
}
