package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Expr;
import com.microsoft.z3.enumerations.Z3_decl_kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Addresses;
import pdpv.cfg.Loop;
import pdpv.cfg.Variable;
import pdpv.pdr.StateVar;
import pdpv.smt.ModularPolynomial;

/**
 * Prints a loop invariant over the loop's templates as a C expression for the certificate (thesis
 * §4.3.3): x_e is written {@code x}, x_b of an updated variable {@code \old(x)} (of a variable the
 * loop only reads, {@code x}). The atoms are those of the PDR engine's cover: bits of a Boolean
 * cube, {@code ((unsigned)x >> 3 & 1u) == 1u}, and rows of a polytope, a signed comparison of a
 * linear sum of sign-extended variables, printed as a {@code long long} sum when it cannot wrap at
 * the row's width and otherwise with the wrap written out (the sum in {@code unsigned long long},
 * converted to the signed type of the row's width); a lone variable of a signed type is
 * printed by its name. Implications print as disjunctions; true conjuncts and false disjuncts are
 * left out. Terms of another shape are printed in SMT-LIB syntax, marked {@code smt:}.
 *
 * <p>A pointer variable (issue #20) holds its target's id; it is printed as C does, by what it
 * points to: each condition that reads a pointer {@code q} is split over q's targets (the
 * points-to analysis's), {@code (q != &x || c[q := &x]) && (q != &y || c[q := &y])}, each case
 * folded by the solver, so that no id is printed. The split is implied by the condition (the same
 * where q points to one of its targets, as in every run, and true elsewhere), so what is printed
 * still holds wherever the checked invariant does.
 */
final class InvariantPrinter {
    private final Map<Expr<?>, Variable> variables = new HashMap<>();
    private final Map<Expr<?>, String> names = new HashMap<>();
    /** For each pointer variable's term, its targets' ids and their C text {@code &x}. */
    private final Map<Expr<?>, Map<Long, String>> pointers = new LinkedHashMap<>();
    private final Addresses addresses;
    private final com.microsoft.z3.Context ctx;
    /** The array templates (issue #20) by their terms. */
    private final Map<Expr<?>, ArrayName> arrays = new HashMap<>();
    /** How many bound variables the printed quantifiers have named. */
    private int bound;

    InvariantPrinter(com.microsoft.z3.Context ctx, Loop loop, LoopInvariantStore.Templates templates, Addresses addresses) {
        this.ctx = ctx;
        this.addresses = addresses;
        templates.before().forEach((v, s) -> bind(s, v, loop.updated().contains(v) ? "\\old(" + cName(v) + ")" : cName(v)));
        templates.end().forEach((v, s) -> bind(s, v, cName(v)));
        templates.arraysBefore().forEach((v, a) -> arrays.put(a, new ArrayName(v, loop.updated().contains(v) ? "\\old(" + cName(v) + ")" : cName(v))));
        templates.arraysEnd().forEach((v, a) -> arrays.put(a, new ArrayName(v, cName(v))));
    }

    /**
     * A printer for a formula over one state variable per program variable, each written by its C
     * name: the invariant of the symbolic encoding (§4.2.1) at a fixed program counter.
     */
    InvariantPrinter(com.microsoft.z3.Context ctx, Map<Variable, StateVar> variables, Addresses addresses) {
        this(ctx, variables, Map.of(), addresses);
    }

    /** {@link #InvariantPrinter(com.microsoft.z3.Context, Map, Addresses)} with the arrays' terms, each written by its C name. */
    InvariantPrinter(com.microsoft.z3.Context ctx, Map<Variable, StateVar> variables, Map<Variable, Expr<?>> arrayTerms, Addresses addresses) {
        this.ctx = ctx;
        this.addresses = addresses;
        variables.forEach((v, s) -> bind(s, v, cName(v)));
        arrayTerms.forEach((v, a) -> arrays.put(a, new ArrayName(v, cName(v))));
    }

    /** An array's term and how it is written ({@code a}, or {@code \old(a)} for its value on entry). */
    private record ArrayName(Variable array, String text) {
    }

    private void bind(StateVar s, Variable v, String name) {
        variables.put(s.current(), v);
        Addresses.PointerVariable p = addresses.pointers().get(v);
        if (p != null) {
            name = name.replace(cName(v), p.name());
            Map<Long, String> targets = new LinkedHashMap<>();
            if (p.mayBeNull()) {
                targets.put(0L, "0");
            }
            for (Variable t : p.targets()) {
                Long id = addresses.ids().get(t);
                if (id != null) {
                    targets.put(id, "&" + cName(t));
                }
            }
            pointers.put(s.current(), targets);
        }
        names.put(s.current(), name);
    }

    private static String cName(Variable v) {
        return v.sourceName() != null ? v.sourceName() : v.name();
    }

    /** {@code invariant} in C, each cell of an array template at a constant index written {@code a[k]} ({@link #cells}). */
    String print(BoolExpr invariant) {
        Expr<?> flat = cells(invariant, new HashMap<>());
        return bool(split((BoolExpr) quotients(flat != null ? flat : invariant, new HashMap<>())), false);
    }

    /**
     * {@code e} with each exact quotient of the quotient template ({@link pdpv.daikon.Invariant.Quotient},
     * as {@link pdpv.daikon.InvariantEncoder} writes it: the low w bits of the signed division by a
     * constant m of a w-bit variable x extended by two bits by its type's signedness, plus a
     * constant b in 0..m-1) replaced by a constant that stands for it, written as C computes it
     * exactly, in x's type ({@code (int)(((long long)i + 2) / 4)}), and read as a variable of that type, whose range the
     * quotient lies in; the rest of the printer then reads it as it reads x.
     */
    private Expr<?> quotients(Expr<?> e, Map<Expr<?>, Expr<?>> done) {
        if (!e.isApp() || e.getNumArgs() == 0) {
            return e;
        }
        Expr<?> known = done.get(e);
        if (known != null) {
            return known;
        }
        Expr<?> q = quotient(e);
        if (q != null) {
            done.put(e, q);
            return q;
        }
        Expr<?>[] args = e.getArgs();
        for (int i = 0; i < args.length; i++) {
            args[i] = quotients(args[i], done);
        }
        Expr<?> out = e.update(args);
        done.put(e, out);
        return out;
    }

    /** The constant that stands for {@code e} if it is an exact quotient ({@link #quotients}), else null. */
    private Expr<?> quotient(Expr<?> e) {
        if (e.getFuncDecl().getDeclKind() != Z3_decl_kind.Z3_OP_EXTRACT || e.getFuncDecl().getParameters()[1].getInt() != 0) {
            return null;
        }
        int w = e.getFuncDecl().getParameters()[0].getInt() + 1;
        Expr<?> d = e.getArgs()[0];
        if (!d.isApp() || ((BitVecExpr) d).getSortSize() != w + 2
                || (d.getFuncDecl().getDeclKind() != Z3_decl_kind.Z3_OP_BSDIV && d.getFuncDecl().getDeclKind() != Z3_decl_kind.Z3_OP_BSDIV_I)
                || !(d.getArgs()[1] instanceof BitVecNum m) || m.getBigInteger().compareTo(BigInteger.TWO) < 0) {
            return null;
        }
        Expr<?> sum = d.getArgs()[0];
        BigInteger offset = BigInteger.ZERO;
        if (sum.isApp() && sum.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_BADD && sum.getNumArgs() == 2) {
            Expr<?>[] args = sum.getArgs();
            int k = args[0] instanceof BitVecNum ? 0 : args[1] instanceof BitVecNum ? 1 : -1;
            if (k < 0) {
                return null;
            }
            offset = ((BitVecNum) args[k]).getBigInteger();
            sum = args[1 - k];
        }
        Extended x = extended((BitVecExpr) sum);
        if (x == null || x.zero() == null || !x.asDeclared() || x.v().type().width() != w || offset.compareTo(m.getBigInteger()) >= 0) {
            return null;
        }
        String text = pdpv.daikon.Invariant.Quotient.quotientText(names.get(x.variable()), w, x.v().type().signed(), offset,
                m.getBigInteger());
        BitVecExpr stand = ctx.mkBVConst("\\quotient!" + text, w);
        variables.put(stand, new Variable(-1, text, text, x.v().type(), Variable.Kind.LOCAL));
        names.put(stand, text);
        return stand;
    }

    /**
     * {@code f} with every pointer term it reads replaced by each of its targets in turn:
     * {@code AND over ids k of (q != k || f[q := k])}, each case simplified.
     */
    private BoolExpr split(BoolExpr f) {
        for (Map.Entry<Expr<?>, Map<Long, String>> p : pointers.entrySet()) {
            BitVecExpr q = (BitVecExpr) p.getKey();
            if (p.getValue().isEmpty() || !reads(f, q, new java.util.HashSet<>())) {
                continue;
            }
            List<BoolExpr> cases = new ArrayList<>();
            for (long id : p.getValue().keySet()) {
                BitVecNum k = ctx.mkBV(id, q.getSortSize());
                BoolExpr folded = (BoolExpr) fold(f.substitute(q, k));
                cases.add(ctx.mkOr(ctx.mkNot(ctx.mkEq(q, k)), split(folded)));
            }
            return cases.isEmpty() ? ctx.mkTrue() : cases.size() == 1 ? cases.get(0) : ctx.mkAnd(cases.toArray(new BoolExpr[0]));
        }
        return f;
    }

    /**
     * {@code e} with its parts that read no variable folded to constants by the solver; the other
     * parts keep the shape the printer reads.
     */
    private static Expr<?> fold(Expr<?> e) {
        if (!e.isApp() || e.getNumArgs() == 0) {
            return e;
        }
        if (ground(e)) {
            return e.simplify();
        }
        Expr<?>[] args = e.getArgs();
        for (int i = 0; i < args.length; i++) {
            args[i] = fold(args[i]);
        }
        // a connective over folded parts stays: the printer leaves out neutral parts and stops at an absorbing one
        return e.update(args);
    }

    /** Whether {@code e} reads no variable (no uninterpreted constant). */
    private static boolean ground(Expr<?> e) {
        if (e.isConst()) {
            return false;
        }
        if (!e.isApp()) {
            return true;
        }
        for (Expr<?> a : e.getArgs()) {
            if (!ground(a)) {
                return false;
            }
        }
        return true;
    }

    private static boolean reads(Expr<?> e, Expr<?> q, java.util.Set<Expr<?>> seen) {
        if (e.equals(q)) {
            return true;
        }
        if (!e.isApp() || !seen.add(e)) {
            return false;
        }
        for (Expr<?> a : e.getArgs()) {
            if (reads(a, q, seen)) {
                return true;
            }
        }
        return false;
    }

    private String bool(Expr<?> e, boolean negated) {
        Z3_decl_kind k = e.isApp() ? e.getFuncDecl().getDeclKind() : Z3_decl_kind.Z3_OP_UNINTERPRETED;
        Expr<?>[] args = e.isApp() ? e.getArgs() : new Expr<?>[0];
        switch (k) {
            case Z3_OP_TRUE:
                return negated ? "0" : "1";
            case Z3_OP_FALSE:
                return negated ? "1" : "0";
            case Z3_OP_NOT:
                return bool(args[0], !negated);
            case Z3_OP_IMPLIES:
                return negated ? combine(List.of(bool(args[0], false), bool(args[1], true)), " && ")
                        : combine(List.of(bool(args[0], true), bool(args[1], false)), " || ");
            case Z3_OP_AND:
            case Z3_OP_OR:
                return junction(args, (k == Z3_decl_kind.Z3_OP_AND) != negated ? " && " : " || ", negated);
            case Z3_OP_EQ:
                if (args[0] instanceof BitVecExpr) {
                    return equality((BitVecExpr) args[0], (BitVecExpr) args[1], negated);
                }
                break;
            case Z3_OP_SLEQ:
                return comparison(args, negated ? ">" : "<=", true);
            case Z3_OP_SLT:
                return comparison(args, negated ? ">=" : "<", true);
            case Z3_OP_SGEQ:
                return comparison(args, negated ? "<" : ">=", true);
            case Z3_OP_SGT:
                return comparison(args, negated ? "<=" : ">", true);
            case Z3_OP_ULEQ:
                return comparison(args, negated ? ">" : "<=", false);
            case Z3_OP_ULT:
                return comparison(args, negated ? ">=" : "<", false);
            case Z3_OP_UGEQ:
                return comparison(args, negated ? "<" : ">=", false);
            case Z3_OP_UGT:
                return comparison(args, negated ? "<=" : ">", false);
            default:
                break;
        }
        if (e.isQuantifier()) {
            String q = quantifier((com.microsoft.z3.Quantifier) e);
            if (q != null) {
                return negated ? "!" + q : q;
            }
        }
        String smt = "smt: " + e;
        return negated ? "!(" + smt + ")" : "(" + smt + ")";
    }

    /**
     * A universal quantifier over one bit-vector (a cell invariant, {@code CellInvariants}) in ACSL's
     * notation, parenthesized: {@code (\forall int j; (lo <= j && j < hi ==> a[j] == 2*j + 1))}.
     * The bound variable is written as a C variable of its width, signed if the body compares it
     * signed ({@code int}), else unsigned; each array cell {@code a[j]} as a variable of the
     * element's type; the body then as every condition is. Null if it has another shape or a
     * part has no C text (then the caller prints it in SMT-LIB).
     */
    private String quantifier(com.microsoft.z3.Quantifier q) {
        if (!q.isUniversal() || q.getNumBound() != 1 || !(q.getBoundVariableSorts()[0] instanceof com.microsoft.z3.BitVecSort sort)) {
            return null;
        }
        int w = sort.getSize();
        if (LinearTerm.cType(w, true) == null) {
            return null;
        }
        Set<String> taken = new java.util.HashSet<>(names.values());
        String name = "j";
        for (int n = 1; taken.contains(name); n++) {
            name = "j" + n;
        }
        BitVecExpr j = ctx.mkBVConst("\\bound!" + name + "!" + bound++, w);
        Expr<?> body = q.getBody().substituteVars(new Expr<?>[] {j});
        boolean signed = comparesSigned(body, j, new java.util.HashSet<>());
        Variable boundVar = new Variable(-1, name, name, new pdpv.semantics.CType(kind(w), w, signed), Variable.Kind.LOCAL);
        variables.put(j, boundVar);
        names.put(j, name);
        Map<Expr<?>, Expr<?>> cells = new LinkedHashMap<>();
        Expr<?> flat = cells(body, cells);
        if (flat == null) {
            return null;
        }
        String printed = flat.isApp() && flat.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_IMPLIES
                ? bool(flat.getArgs()[0], false) + " ==> " + bool(flat.getArgs()[1], false)
                : bool(flat, false);
        names.remove(j);
        if (printed.contains("smt:")) {
            return null;
        }
        return "(\\forall " + LinearTerm.cType(w, signed) + " " + name + "; (" + printed + "))";
    }

    private static pdpv.semantics.CType.Kind kind(int w) {
        return switch (w) {
            case 8 -> pdpv.semantics.CType.Kind.CHAR;
            case 16 -> pdpv.semantics.CType.Kind.SHORT;
            case 32 -> pdpv.semantics.CType.Kind.INT;
            default -> pdpv.semantics.CType.Kind.LONG_LONG;
        };
    }

    /** Whether {@code e} compares {@code j} (maybe extended) with a signed comparison. */
    private static boolean comparesSigned(Expr<?> e, Expr<?> j, Set<Expr<?>> seen) {
        if (!e.isApp() || !seen.add(e)) {
            return false;
        }
        Z3_decl_kind k = e.getFuncDecl().getDeclKind();
        if ((k == Z3_decl_kind.Z3_OP_SLEQ || k == Z3_decl_kind.Z3_OP_SLT || k == Z3_decl_kind.Z3_OP_SGEQ || k == Z3_decl_kind.Z3_OP_SGT)
                && reads(e, j, new java.util.HashSet<>())) {
            return true;
        }
        for (Expr<?> a : e.getArgs()) {
            if (comparesSigned(a, j, seen)) {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code e} with each read of an array template's cell, {@code select(a, idx)}, replaced by a
     * constant that stands for the cell and is written {@code a[idx]} (the index as a C term); null
     * if an index has no C text or an array is not a template.
     */
    private Expr<?> cells(Expr<?> e, Map<Expr<?>, Expr<?>> done) {
        if (!e.isApp() || e.getNumArgs() == 0) {
            return e;
        }
        Expr<?> known = done.get(e);
        if (known != null) {
            return known;
        }
        if (e.isSelect()) {
            ArrayName a = arrays.get(e.getArgs()[0]);
            String index = a == null ? null : index((BitVecExpr) e.getArgs()[1]);
            if (index == null) {
                return null;
            }
            String text = a.text() + "[" + index + "]";
            BitVecExpr cell = ctx.mkBVConst("\\cell!" + text, a.array().type().width());
            variables.put(cell, new Variable(-1, text, text, a.array().type(), Variable.Kind.LOCAL));
            names.put(cell, text);
            done.put(e, cell);
            return cell;
        }
        Expr<?>[] args = e.getArgs();
        for (int i = 0; i < args.length; i++) {
            args[i] = cells(args[i], done);
            if (args[i] == null) {
                return null;
            }
        }
        Expr<?> out = e.update(args);
        done.put(e, out);
        return out;
    }

    /** An array index as C: a variable (its extensions are C's conversions of it to the index type), or a linear sum that fits. */
    private String index(BitVecExpr idx) {
        LinearTerm.Extension x = LinearTerm.Extension.of(idx);
        if (names.containsKey(x.operand()) && variables.containsKey(x.operand())) {
            return names.get(x.operand());
        }
        LinearTerm l = LinearTerm.of(idx, variables);
        return l != null && l.fitsSigned(idx.getSortSize()) ? l.print(names, false) : null;
    }

    /**
     * A conjunction or disjunction: nested ones of the same kind are flattened, repeated parts
     * printed once, neutral parts left out, and an absorbing part (0 in a conjunction) is the result.
     */
    private String junction(Expr<?>[] args, String op, boolean negated) {
        List<String> printed = new ArrayList<>();
        for (Expr<?> a : flattened(args, a -> a.isApp() && a.getFuncDecl().getDeclKind() == kindOf(op, negated))) {
            printed.add(bool(a, negated));
        }
        return combine(printed, op);
    }

    private static String combine(List<String> printed, String op) {
        String neutral = op.equals(" && ") ? "1" : "0";
        String absorbing = op.equals(" && ") ? "0" : "1";
        Set<String> parts = new LinkedHashSet<>();
        for (String part : printed) {
            if (part.equals(absorbing)) {
                return absorbing;
            }
            if (!part.equals(neutral)) {
                parts.add(part);
            }
        }
        if (parts.isEmpty()) {
            return neutral;
        }
        return parts.size() == 1 ? parts.iterator().next() : "(" + String.join(op, parts) + ")";
    }

    /** The Z3 operator that prints as {@code op} under {@code negated}: AND for && unnegated, OR for && negated. */
    private static Z3_decl_kind kindOf(String op, boolean negated) {
        return op.equals(" && ") != negated ? Z3_decl_kind.Z3_OP_AND : Z3_decl_kind.Z3_OP_OR;
    }

    private static List<Expr<?>> flattened(Expr<?>[] args, java.util.function.Predicate<Expr<?>> sameKind) {
        List<Expr<?>> out = new ArrayList<>();
        for (Expr<?> a : args) {
            if (sameKind.test(a)) {
                out.addAll(flattened(a.getArgs(), sameKind));
            } else {
                out.add(a);
            }
        }
        return out;
    }

    /** An equality; a bit range of a variable is printed with shift and mask. */
    private String equality(BitVecExpr a, BitVecExpr b, boolean negated) {
        String op = negated ? " != " : " == ";
        if (a instanceof BitVecNum && pointers.containsKey(b)) {
            return equality(b, a, negated);
        }
        if (b instanceof BitVecNum n && pointers.containsKey(a) && pointers.get(a).containsKey(n.getLong())) {
            return names.get(a) + op + pointers.get(a).get(n.getLong());
        }
        if (b instanceof BitVecNum n && a.isApp() && a.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_EXTRACT
                && names.containsKey(a.getArgs()[0])) {
            Expr<?> x = a.getArgs()[0];
            int hi = a.getFuncDecl().getParameters()[0].getInt();
            int lo = a.getFuncDecl().getParameters()[1].getInt();
            if (lo == 0 && hi == 0) {
                boolean odd = n.getBigInteger().testBit(0) != negated;
                return names.get(x) + " % 2 " + (odd ? "!=" : "==") + " 0";
            }
            boolean narrow = variables.get(x).type().width() <= 32;
            String suffix = narrow ? "u" : "ull";
            BigInteger mask = BigInteger.ONE.shiftLeft(hi - lo + 1).subtract(BigInteger.ONE);
            return "((" + (narrow ? "unsigned" : "unsigned long long") + ")" + names.get(x) + " >> " + lo + " & " + mask
                    + suffix + ")" + op + n.getBigInteger() + suffix;
        }
        if (b instanceof BitVecNum n && a.isApp() && a.getFuncDecl().getDeclKind() == Z3_decl_kind.Z3_OP_EXTRACT
                && a.getFuncDecl().getParameters()[0].getInt() == 0 && a.getFuncDecl().getParameters()[1].getInt() == 0) {
            // the lowest bit of a wrapped sum is the parity of the exact sum (2^w is even)
            LinearTerm sum = LinearTerm.of((BitVecExpr) a.getArgs()[0], variables);
            String exact = sum == null || !sum.fitsSigned(64) ? null : sum.print(names, false);
            if (exact != null) {
                boolean odd = n.getBigInteger().testBit(0) != negated;
                return exact + " % 2 " + (odd ? "!=" : "==") + " 0";
            }
        }
        // two variables as C promotes them (each itself, or extended as its type's signedness
        // extends it): C's x == y compares their bit patterns at the width of their common type
        // (64 bits if either is that wide, else 32), which is what the equality says at that width
        Extended x = extended(a);
        Extended y = extended(b);
        if (x != null && y != null && x.asDeclared() && y.asDeclared()
                && a.getSortSize() == Math.max(32, Math.max(x.v().type().width(), y.v().type().width()))) {
            return names.get(x.variable()) + op + names.get(y.variable());
        }
        return comparisonOf(a, b, op.trim(), false);
    }

    /** A named variable, or one zero- or sign-extended ({@code zero} null when not extended). */
    private record Extended(Expr<?> variable, Variable v, Boolean zero) {
        /** Whether C's conversion of the variable's value extends it this way (by its type's signedness). */
        boolean asDeclared() {
            return zero == null || zero != v.type().signed();
        }
    }

    private Extended extended(BitVecExpr e) {
        LinearTerm.Extension x = LinearTerm.Extension.of(e);
        return names.containsKey(x.operand()) ? new Extended(x.operand(), variables.get(x.operand()), x.zero()) : null;
    }

    private String comparison(Expr<?>[] args, String op, boolean signed) {
        return comparisonOf((BitVecExpr) args[0], (BitVecExpr) args[1], op, signed);
    }

    /**
     * Compares two terms of width w. Linear sums of sign-extended variables are evaluated exactly in
     * {@code long long}; if they can leave the signed w-bit range they are wrapped back into it.
     * Equality of bit patterns is equality of their signed readings.
     */
    private String comparisonOf(BitVecExpr a, BitVecExpr b, String op, boolean signed) {
        int w = a.getSortSize();
        boolean equality = op.equals("==") || op.equals("!=");
        if (signed || equality) {
            LinearTerm l = LinearTerm.of(a, variables);
            LinearTerm r = LinearTerm.of(b, variables);
            if (l != null && r != null && l.fitsSigned(w) && r.fitsSigned(w)) {
                String simplest = LinearTerm.compare(l, r, op, names);
                if (simplest != null) {
                    return simplest;
                }
            }
            String left = wrapped(LinearTerm.of(a, variables), w);
            String right = wrapped(LinearTerm.of(b, variables), w);
            if (left != null && right != null) {
                return left + " " + op + " " + right;
            }
        }
        if (!signed && (w == 8 || w == 16 || w == 32 || w == 64) && unsignedOperand(a) != null && unsignedOperand(b) != null) {
            return unsignedOperand(a) + " " + op + " " + unsignedOperand(b);
        }
        String product = equality ? polynomialEquality(a, b, op) : null;
        if (product != null) {
            return product;
        }
        return "(smt: " + a + " " + op + (signed ? " (signed) " : " (unsigned) ") + b + ")";
    }

    /** Most monomials a polynomial equality is printed with; a larger one stays in SMT-LIB. */
    private static final int MAX_MONOMIALS = 16;

    /**
     * An equality or disequality of two polynomials of width 32 or 64 (products of variables, such
     * as {@code s == i*i}) in C's unsigned arithmetic of that width, which is the bit-vector
     * arithmetic modulo 2^w: each operand converted to {@code unsigned} ({@code unsigned long long}),
     * whose rank is at least int's, so no promotion changes a product; the monomials with a
     * coefficient of 2^(w-1) or more are moved to the other side with the coefficient negated:
     * {@code (unsigned)s == (unsigned)i * (unsigned)i}. Null for another width or term.
     */
    private String polynomialEquality(BitVecExpr a, BitVecExpr b, String op) {
        int w = a.getSortSize();
        if (w != 32 && w != 64) {
            return null;
        }
        BigInteger mod = BigInteger.ONE.shiftLeft(w);
        ModularPolynomial l = polynomial(a, w);
        ModularPolynomial r = polynomial(b, w);
        if (l == null || r == null) {
            return null;
        }
        List<Map.Entry<ModularPolynomial.Monomial, BigInteger>> d = l.minus(r).terms().entrySet().stream()
                .sorted((x, y) -> compareMonomials(x.getKey().atoms(), y.getKey().atoms())).toList();
        List<String> left = new ArrayList<>();
        List<String> right = new ArrayList<>();
        String suffix = w == 32 ? "u" : "ull";
        boolean products = false;
        for (Map.Entry<ModularPolynomial.Monomial, BigInteger> e : d) {
            BigInteger c = e.getValue();
            List<String> monomial = e.getKey().atoms();
            products |= monomial.size() > 1;
            boolean negative = c.testBit(w - 1);
            BigInteger magnitude = negative ? mod.subtract(c) : c;
            List<String> factors = new ArrayList<>();
            if (!magnitude.equals(BigInteger.ONE) || monomial.isEmpty()) {
                factors.add(magnitude + suffix);
            }
            factors.addAll(monomial);
            (negative ? right : left).add(String.join(" * ", factors));
        }
        if (!products) {
            return null;
        }
        String zero = "0" + suffix;
        return (left.isEmpty() ? zero : String.join(" + ", left)) + " " + op + " " + (right.isEmpty() ? zero : String.join(" + ", right));
    }

    /** Monomials by degree, then by their factors' texts. */
    private static int compareMonomials(List<String> x, List<String> y) {
        if (x.size() != y.size()) {
            return Integer.compare(y.size(), x.size());
        }
        for (int k = 0; k < x.size(); k++) {
            int c = x.get(k).compareTo(y.get(k));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /**
     * {@code e} as a polynomial modulo 2^w: its atoms the C texts of the operands
     * read as unsigned ({@link #unsignedOperand}); null if a part is not
     * a sum, difference, negation or product of constants and such operands.
     */
    private ModularPolynomial polynomial(BitVecExpr e, int w) {
        if (e.getSortSize() != w) {
            return null;
        }
        if (e instanceof BitVecNum n) {
            return ModularPolynomial.constant(n.getBigInteger(), w);
        }
        Z3_decl_kind k = e.isApp() ? e.getFuncDecl().getDeclKind() : Z3_decl_kind.Z3_OP_UNINTERPRETED;
        Expr<?>[] args = e.isApp() ? e.getArgs() : new Expr<?>[0];
        switch (k) {
            case Z3_OP_BADD, Z3_OP_BSUB -> {
                ModularPolynomial out = ModularPolynomial.constant(BigInteger.ZERO, w);
                for (int i = 0; i < args.length; i++) {
                    ModularPolynomial p = polynomial((BitVecExpr) args[i], w);
                    if (p == null) {
                        return null;
                    }
                    out = out.plus(p, k == Z3_decl_kind.Z3_OP_BSUB && i > 0 ? -1 : 1);
                }
                return out.terms().size() > MAX_MONOMIALS ? null : out;
            }
            case Z3_OP_BNEG -> {
                ModularPolynomial p = polynomial((BitVecExpr) args[0], w);
                return p == null ? null : ModularPolynomial.constant(BigInteger.ZERO, w).minus(p);
            }
            case Z3_OP_BMUL -> {
                ModularPolynomial out = ModularPolynomial.constant(BigInteger.ONE, w);
                for (Expr<?> arg : args) {
                    ModularPolynomial p = polynomial((BitVecExpr) arg, w);
                    if (p == null) {
                        return null;
                    }
                    out = out.times(p);
                    if (out.terms().size() > MAX_MONOMIALS) {
                        return null;
                    }
                }
                return out;
            }
            default -> {
                String operand = unsignedOperand(e);
                return operand == null ? null : ModularPolynomial.atom(operand, w);
            }
        }
    }

    /**
     * A constant, or a variable maybe extended, of width w ≤ 64 read as an unsigned C value of that
     * width: C's conversion to the unsigned type extends the variable's value by its type's
     * signedness, so an extension the other way first converts it to the type it reads; null for
     * any other term.
     */
    private String unsignedOperand(BitVecExpr e) {
        int w = e.getSortSize();
        if (e instanceof BitVecNum n) {
            return n.getBigInteger() + (w <= 32 ? "u" : "ull");
        }
        Extended x = extended(e);
        if (x == null) {
            return null;
        }
        String type = x.asDeclared() ? null : LinearTerm.cType(x.v().type().width(), !x.zero());
        if (!x.asDeclared() && type == null) {
            return null; // a bit-field read the other way: no C type of its width to convert it to
        }
        String reading = x.asDeclared() ? "" : "(" + type + ")";
        return "(" + LinearTerm.cType(w, false) + ")" + reading + names.get(x.variable());
    }

    /**
     * The term's signed w-bit value in C, or null if it is not a printable linear sum. Wider than
     * 64 bits (a polytope row over {@code long long} variables with the extra bits of §3.2.2) only
     * a sum that never leaves {@code long long} is printed.
     */
    private String wrapped(LinearTerm l, int w) {
        if (l == null) {
            return null;
        }
        if (l.fitsSigned(Math.min(w, 64))) {
            String variable = l.printAsVariable(names);
            return variable != null ? variable : l.print(names, false);
        }
        if (w > 64) {
            return null;
        }
        String sum = l.print(names, true);
        if (sum == null) {
            return null;
        }
        String type = LinearTerm.cType(w, true);
        if (type != null) {
            // C's conversion to the signed type keeps the low w bits (two's complement, as gcc defines it)
            return "(" + type + ")(" + sum + ")";
        }
        int shift = 64 - w;
        return shift == 0 ? "(long long)(" + sum + ")" : "((long long)((" + sum + ") << " + shift + ") >> " + shift + ")";
    }
}
