package pdpv.frontend;

import java.util.ArrayList;
import java.util.List;
import org.eclipse.cdt.core.dom.ast.IASTCompositeTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTFieldDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
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
import org.eclipse.cdt.internal.core.dom.parser.ValueFactory;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;
import org.eclipse.cdt.internal.core.dom.parser.c.ICInternalBinding;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.CType.Kind;

/**
 * Maps CDT types to PDPV's integer {@link CType}s under the data model: typedefs and qualifiers
 * are looked through, an enumeration is the type gcc gives it, plain char is signed; arrays of integers have a
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
        if (t instanceof IEnumeration e) {
            return enumeration(e);
        }
        if (t instanceof IBasicType b) {
            return basic(b, loc);
        }
        if (t instanceof IArrayType) {
            shape(t, loc);
        }
        throw unsupported(describe(t), loc);
    }

    /**
     * The type of an enumeration's objects as gcc chooses it (its documentation, "Structures, Unions,
     * Enumerations, and Bit-Fields"; C11 6.7.2.2 leaves it to the implementation): {@code unsigned
     * int} when no constant is negative, else {@code int}; {@code unsigned long long} or {@code long
     * long} when the constants do not fit in 32 bits (GNU C). So {@code enum E {A, B} e = -1;} holds
     * 4294967295 and {@code e > 0}. The constants themselves are {@code int}s
     * ({@link ExpressionLowering}'s enumerators).
     */
    private CType enumeration(IEnumeration e) {
        long min = e.getMinValue();
        long max = e.getMaxValue();
        if (min >= 0) {
            return semantics.type(max <= 0xFFFF_FFFFL ? Kind.INT : Kind.LONG_LONG, false);
        }
        return semantics.type(min >= Integer.MIN_VALUE && max <= Integer.MAX_VALUE ? Kind.INT : Kind.LONG_LONG, true);
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
     * allows, bit-fields packed as {@link #placeBitField} says, the size rounded up to the largest
     * alignment) and unions (the largest member, rounded up likewise); null for any other type
     * (pointers, floating types, an empty or flexible aggregate). The one place that unions' and
     * structs' byte offsets and sizes come from.
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
        boolean union = c.getKey() == ICompositeType.k_union;
        long bits = 0;
        long align = 1;
        for (Member f : members(c, loc)) {
            Layout m = layout(f.type(), loc);
            if (m == null) {
                return null;
            }
            if (!f.isBitField()) {
                align = Math.max(align, m.align());
                bits = union ? Math.max(bits, 8 * m.size()) : roundUp(bits, 8 * m.align()) + 8 * m.size();
                continue;
            }
            if (!f.name().isEmpty()) {
                // x86's ABIs: a named bit-field aligns the aggregate as its declared type does, an unnamed one does not
                align = Math.max(align, m.align());
            }
            bits = union ? Math.max(bits, f.width()) : placeBitField(bits, f.width(), m) + f.width();
        }
        return new Layout(roundUp(roundUp(bits, 8) / 8, align), align);
    }

    /**
     * The bit offset at which a bit-field of {@code width} bits and a declared type laid out as
     * {@code unit} goes when the struct so far fills {@code bits} bits, as gcc places it
     * (stor-layout.c, PCC_BITFIELD_TYPE_MATTERS): right there, unless it would span more
     * alignment units of its type than the type itself does, then at the next one; a width of 0
     * (unnamed) closes the unit, moving to the next boundary of the type's alignment.
     */
    private static long placeBitField(long bits, int width, Layout unit) {
        long a = 8 * unit.align();
        if (width == 0 || (bits % a + width + a - 1) / a > 8 * unit.size() / a) {
            return roundUp(bits, a);
        }
        return bits;
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

    /** A member of a struct or union as declared: its name ("" if unnamed), its type, its bit-field width (-1: no bit-field). */
    record Member(String name, IType type, int width) {
        boolean isBitField() {
            return width >= 0;
        }
    }

    /**
     * The members of {@code c} in declaration order, unnamed bit-fields ({@code unsigned : 3;},
     * padding) included, read from its definition; its fields when CDT gives none.
     */
    static List<Member> members(ICompositeType c, SourceLoc loc) {
        List<Member> out = new ArrayList<>();
        if (c instanceof ICInternalBinding b && b.getDefinition() != null
                && b.getDefinition().getParent() instanceof IASTCompositeTypeSpecifier spec) {
            for (IASTDeclaration d : spec.getMembers()) {
                if (d instanceof IASTSimpleDeclaration sd) {
                    for (IASTDeclarator dd : sd.getDeclarators()) {
                        out.add(new Member(innermost(dd).getName().toString(), CVisitor.createType(dd), width(dd, loc)));
                    }
                }
            }
            return out;
        }
        for (IField f : c.getFields()) {
            out.add(new Member(f.getName(), f.getType(), bitFieldWidth(f, loc)));
        }
        return out;
    }

    /** Whether {@code f} is a bit-field ({@code unsigned a : 3;}). */
    static boolean isBitField(IField f) {
        return bitFieldDeclarator(f) != null;
    }

    /** The width of the bit-field {@code f}, -1 if it is none. */
    static int bitFieldWidth(IField f, SourceLoc loc) {
        IASTFieldDeclarator d = bitFieldDeclarator(f);
        return d == null ? -1 : width(d, loc);
    }

    private static IASTFieldDeclarator bitFieldDeclarator(IField f) {
        if (f instanceof ICInternalBinding b) {
            for (IASTNode n : new IASTNode[] {b.getPhysicalNode(), b.getDefinition()}) {
                if (n != null && n.getParent() instanceof IASTFieldDeclarator d && d.getBitFieldSize() != null) {
                    return d;
                }
            }
        }
        return null;
    }

    /** The width a member's declarator gives (C11 §6.7.2.1p4: a nonnegative integer constant), -1 if it is no bit-field. */
    private static int width(IASTDeclarator d, SourceLoc loc) {
        if (!(d instanceof IASTFieldDeclarator f) || f.getBitFieldSize() == null) {
            return -1;
        }
        String name = innermost(d).getName().toString();
        Number n = ValueFactory.getConstantNumericalValue(f.getBitFieldSize());
        if (n == null) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "bit-field '" + name + "' width not an integer constant");
        }
        if (n.longValue() < 0 || n.longValue() > 64) {
            throw new UserError(UserError.Kind.SYNTAX, loc, n.longValue() < 0 ? "negative width in bit-field '" + name + "'"
                    : "width of '" + name + "' exceeds its type");
        }
        if (n.longValue() == 0 && !name.isEmpty()) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "zero width for bit-field '" + name + "'");
        }
        return n.intValue();
    }

    /**
     * The type of the value a member holds: its declared integer type, or for a bit-field of
     * {@code w} bits the type of that width and the declared type's signedness (plain {@code int}
     * signed, an enumeration unsigned unless it has a negative constant, as gcc reads them), which
     * a store truncates to and a read extends from; C's promotion then makes a field narrower than
     * {@code int} an {@code int} ({@link CSemantics#promote}). A field at least as wide as
     * {@code int} and narrower than its type ({@code long long x : 40}) is refused: gcc computes
     * with such a field in its own width.
     */
    CType memberType(IField f, ICompositeType owner, SourceLoc loc) {
        CType declared = resolve(f.getType(), loc);
        int w = bitFieldWidth(f, loc);
        if (w < 0) {
            return declared;
        }
        if (w > declared.width()) {
            throw new UserError(UserError.Kind.SYNTAX, loc, "width of '" + f.getName() + "' exceeds its type");
        }
        if (w == declared.width()) {
            return declared;
        }
        if (w >= semantics.intType().width()) {
            throw unsupported("bit-field member " + f.getName() + " of " + describe(owner) + " of " + w + " bits of type "
                    + declared + " (gcc computes with a field at least as wide as int and narrower than its type in its own width)", loc);
        }
        return new CType(declared.kind(), w, declared.signed());
    }

    /** Refuses a bit-field member {@code f} of the union {@code owner} (or of a struct in one) at {@code loc}, by name. */
    static void refuseBitField(IField f, ICompositeType owner, SourceLoc loc) {
        if (isBitField(f)) {
            throw unsupported("bit-field member " + f.getName() + " of " + describe(owner)
                    + " in a union (PDPV lays out unions' members in whole bytes)", loc);
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
            return strip(p.getType()) instanceof IFunctionType ? "function pointer"
                    : strip(p.getType()) instanceof IPointerType ? "pointer to a pointer" : "pointer type";
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
