package pdpv.cegar;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.Expr;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import pdpv.cfg.Variable;

/**
 * A bit-vector term read as c + Σ a_i · x_i with each x_i a variable's signed value, the shape of
 * a polytope row of the PDR engine (thesis §3.2.2: variables sign-extended to the row's width),
 * or its unsigned value where the term zero-extends it (a C promotion of an unsigned variable, as
 * in the invariants mined over the program's own expressions, thesis §6.1), for printing it in C
 * ({@link InvariantPrinter}).
 */
final class LinearTerm {
    private final Map<Expr<?>, BigInteger> coefficients = new LinkedHashMap<>();
    private final Map<Expr<?>, Variable> variables;
    /** The variables the term reads by their unsigned value (zero-extended); the others by their signed one. */
    private final Set<Expr<?>> unsignedReadings = new HashSet<>();
    private BigInteger constant = BigInteger.ZERO;

    private LinearTerm(Map<Expr<?>, Variable> variables) {
        this.variables = variables;
    }

    /** The linear reading of {@code e} over the given template constants, or null. */
    static LinearTerm of(BitVecExpr e, Map<Expr<?>, Variable> variables) {
        LinearTerm t = new LinearTerm(variables);
        return t.add(e, BigInteger.ONE) ? t : null;
    }

    /**
     * {@code e} as an extension of {@code operand}: {@code zero} true for a zero extension (Z3's
     * simplifier writes one as a concatenation with leading zeros), false for a sign extension, null
     * when {@code e} is no extension (then {@code operand} is {@code e} itself).
     */
    record Extension(Expr<?> operand, Boolean zero) {
        static Extension of(Expr<?> e) {
            if (!e.isApp()) {
                return new Extension(e, null);
            }
            Expr<?>[] args = e.getArgs();
            return switch (e.getFuncDecl().getDeclKind()) {
                case Z3_OP_ZERO_EXT -> new Extension(args[0], true);
                case Z3_OP_SIGN_EXT -> new Extension(args[0], false);
                case Z3_OP_CONCAT -> args.length == 2 && args[0] instanceof BitVecNum z && z.getBigInteger().signum() == 0
                        ? new Extension(args[1], true) : new Extension(e, null);
                default -> new Extension(e, null);
            };
        }
    }

    private boolean add(Expr<?> e, BigInteger factor) {
        if (e instanceof BitVecNum n) {
            constant = constant.add(signed(n).multiply(factor));
            return true;
        }
        if (!e.isApp()) {
            return false;
        }
        Extension x = Extension.of(e);
        if (x.zero() != null) {
            if (x.operand() instanceof BitVecNum n) {
                constant = constant.add((x.zero() ? n.getBigInteger() : signed(n)).multiply(factor));
                return true;
            }
            return isVariable(x.operand()) && addVariable(x.operand(), factor, x.zero());
        }
        Expr<?>[] args = e.getArgs();
        switch (e.getFuncDecl().getDeclKind()) {
            case Z3_OP_BADD:
                for (Expr<?> a : args) {
                    if (!add(a, factor)) {
                        return false;
                    }
                }
                return true;
            case Z3_OP_BSUB:
                return args.length == 2 && add(args[0], factor) && add(args[1], factor.negate());
            case Z3_OP_BNEG:
                return add(args[0], factor.negate());
            case Z3_OP_BMUL:
                return args.length == 2 && args[0] instanceof BitVecNum c && add(args[1], factor.multiply(signed(c)));
            default:
                return isVariable(e) && addVariable(e, factor, false);
        }
    }

    /** A template constant of a C type's width, or of a bit-field's (issue #20: narrower than int, read by its name only). */
    private boolean isVariable(Expr<?> e) {
        if (!variables.containsKey(e)) {
            return false;
        }
        int w = variables.get(e).type().width();
        return cType(w, true) != null || w > 1 && w < 32;
    }

    /** Adds a·x under the given reading; false if the term already reads x the other way. */
    private boolean addVariable(Expr<?> x, BigInteger factor, boolean unsigned) {
        if (coefficients.containsKey(x) && unsignedReadings.contains(x) != unsigned) {
            return false;
        }
        coefficients.merge(x, factor, BigInteger::add);
        if (unsigned) {
            unsignedReadings.add(x);
        }
        return true;
    }

    /** Whether C reads the variable by itself with the value this term reads (its type's signedness). */
    private boolean readAsDeclared(Expr<?> x) {
        return variables.get(x).type().signed() != unsignedReadings.contains(x);
    }

    /** The C type whose value of the variable the term reads: its width, signed or unsigned; null for a bit-field's width. */
    private String readingType(Expr<?> x) {
        int width = variables.get(x).type().width();
        return cType(width, !unsignedReadings.contains(x));
    }

    private static BigInteger signed(BitVecNum n) {
        BigInteger v = n.getBigInteger();
        int w = n.getSortSize();
        return v.testBit(w - 1) ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v;
    }

    /** Whether c + Σ a_i · x_i stays within the signed w-bit range for all values of the variables. */
    boolean fitsSigned(int w) {
        BigInteger min = constant;
        BigInteger max = constant;
        for (Map.Entry<Expr<?>, BigInteger> e : coefficients.entrySet()) {
            int width = variables.get(e.getKey()).type().width();
            boolean unsigned = unsignedReadings.contains(e.getKey());
            BigInteger low = unsigned ? BigInteger.ZERO : BigInteger.ONE.shiftLeft(width - 1).negate();
            BigInteger high = BigInteger.ONE.shiftLeft(unsigned ? width : width - 1).subtract(BigInteger.ONE);
            BigInteger a = e.getValue();
            min = min.add(a.multiply(a.signum() >= 0 ? low : high));
            max = max.add(a.multiply(a.signum() >= 0 ? high : low));
        }
        return min.compareTo(BigInteger.ONE.shiftLeft(w - 1).negate()) >= 0
                && max.compareTo(BigInteger.ONE.shiftLeft(w - 1)) < 0;
    }

    /**
     * A single variable with coefficient 1 and no constant, read with its type's signedness and
     * signed once C has promoted it (a signed type, or an unsigned one narrower than {@code int}):
     * its name alone, which C compares with another signed operand by that value; null for any other term.
     */
    String printAsVariable(Map<Expr<?>, String> names) {
        if (constant.signum() != 0) {
            return null;
        }
        List<Map.Entry<Expr<?>, BigInteger>> nonzero = coefficients.entrySet().stream()
                .filter(e -> e.getValue().signum() != 0).toList();
        if (nonzero.size() != 1 || !nonzero.get(0).getValue().equals(BigInteger.ONE)) {
            return null;
        }
        Expr<?> x = nonzero.get(0).getKey();
        return readAsDeclared(x) && (variables.get(x).type().signed() || variables.get(x).type().width() < 32) ? names.get(x) : null;
    }

    /**
     * The sum in C: in {@code long long}, exact if it cannot overflow, or in {@code unsigned long
     * long}, wrapping modulo 2^64; null if a coefficient does not fit 64 bits.
     */
    String print(Map<Expr<?>, String> names, boolean unsigned) {
        List<String> terms = new ArrayList<>();
        for (Map.Entry<Expr<?>, BigInteger> e : coefficients.entrySet()) {
            BigInteger a = e.getValue();
            if (a.signum() == 0) {
                continue;
            }
            if (a.bitLength() > 63) {
                return null;
            }
            String type = readingType(e.getKey());
            if (type == null && !readAsDeclared(e.getKey())) {
                return null;
            }
            String x = "(long long)" + (type == null ? "" : "(" + type + ")") + names.get(e.getKey());
            if (unsigned) {
                terms.add("(unsigned long long)" + a + "LL * (unsigned long long)" + x);
            } else {
                terms.add(a.equals(BigInteger.ONE) ? x : a.equals(BigInteger.ONE.negate()) ? "-" + x : a + " * " + x);
            }
        }
        if (constant.signum() != 0 || terms.isEmpty()) {
            if (constant.bitLength() > 63) {
                return null;
            }
            terms.add(unsigned ? "(unsigned long long)" + constant + "LL" : constant + (constant.bitLength() > 31 ? "LL" : ""));
        }
        return terms.size() == 1 ? terms.get(0) : "(" + String.join(" + ", terms) + ")";
    }

    /**
     * {@code a op b} (op one of {@code == != < <= > >=}) over the exact values of both sums, in its
     * simplest C form: moved to one side as Σ d_i·x_i op k, the leading coefficient positive, divided
     * by the coefficients' gcd, so {@code (-(long long)i + -2) > -13} reads {@code i < 11}; "1" or
     * "0" when no variable is left; null when the sum might not fit {@code long long}. A lone
     * variable read with its type's signedness is written by its name; a sum starts with a {@code long long} cast
     * so that C adds exactly.
     */
    static String compare(LinearTerm a, LinearTerm b, String op, Map<Expr<?>, String> names) {
        LinearTerm d = new LinearTerm(a.variables);
        for (Map.Entry<Expr<?>, BigInteger> e : a.coefficients.entrySet()) {
            d.addVariable(e.getKey(), e.getValue(), a.unsignedReadings.contains(e.getKey()));
        }
        for (Map.Entry<Expr<?>, BigInteger> e : b.coefficients.entrySet()) {
            if (!d.addVariable(e.getKey(), e.getValue().negate(), b.unsignedReadings.contains(e.getKey()))) {
                return null;
            }
        }
        d.coefficients.values().removeIf(c -> c.signum() == 0);
        BigInteger k = b.constant.subtract(a.constant);
        if (d.coefficients.isEmpty()) {
            return holds(BigInteger.ZERO, op, k) ? "1" : "0";
        }
        if (d.coefficients.values().iterator().next().signum() < 0) {
            d.coefficients.replaceAll((x, c) -> c.negate());
            k = k.negate();
            op = flipped(op);
        }
        BigInteger g = d.coefficients.values().stream().reduce(BigInteger.ZERO, BigInteger::gcd);
        if (g.compareTo(BigInteger.ONE) > 0) {
            switch (op) {
                case "==", "!=" -> {
                    if (k.mod(g).signum() != 0) {
                        return op.equals("==") ? "0" : "1";
                    }
                    k = k.divide(g);
                }
                case "<" -> {
                    k = floorDiv(k.subtract(BigInteger.ONE), g);
                    op = "<=";
                }
                case "<=" -> k = floorDiv(k, g);
                case ">" -> {
                    k = floorDiv(k.add(BigInteger.ONE).negate(), g).negate();
                    op = ">=";
                }
                default -> k = floorDiv(k.negate(), g).negate();
            }
            d.coefficients.replaceAll((x, c) -> c.divide(g));
        }
        if (!d.fitsSigned(64) || k.bitLength() > 63) {
            return null;
        }
        String literal = k + (k.bitLength() > 31 ? "LL" : "");
        if (d.coefficients.size() == 1) {
            String lone = d.printAsVariable(names);
            Expr<?> x = d.coefficients.keySet().iterator().next();
            if (lone == null && k.signum() >= 0 && d.coefficients.get(x).equals(BigInteger.ONE) && d.readAsDeclared(x)) {
                lone = names.get(x); // an unsigned int or long long against a literal C converts without changing it
            }
            if (lone != null) {
                return lone + " " + op + " " + literal;
            }
        }
        if (d.coefficients.size() == 2 && k.signum() == 0) {
            List<Expr<?>> xs = new ArrayList<>(d.coefficients.keySet());
            BigInteger c0 = d.coefficients.get(xs.get(0));
            if (c0.equals(BigInteger.ONE) && d.coefficients.get(xs.get(1)).equals(BigInteger.ONE.negate())
                    && d.comparesExactly(xs.get(0), xs.get(1))) {
                return names.get(xs.get(0)) + " " + op + " " + names.get(xs.get(1));
            }
        }
        StringBuilder sum = new StringBuilder();
        for (Map.Entry<Expr<?>, BigInteger> e : d.coefficients.entrySet()) {
            BigInteger c = e.getValue();
            String type = d.readingType(e.getKey());
            if (type == null && !d.readAsDeclared(e.getKey())) {
                return null;
            }
            String x = (d.readAsDeclared(e.getKey()) ? "" : "(" + type + ")") + names.get(e.getKey());
            String factor = !c.abs().equals(BigInteger.ONE) ? c.abs() + "LL * " + x : sum.length() == 0 ? "(long long)" + x : x;
            if (sum.length() == 0) {
                sum.append(c.signum() < 0 ? "-" : "").append(factor);
            } else {
                sum.append(c.signum() < 0 ? " - " : " + ").append(factor);
            }
        }
        return sum + " " + op + " " + literal;
    }

    /**
     * Whether C's {@code x op y} compares the two values this term reads: each read with its type's
     * signedness, and no negative value converted to unsigned by the usual arithmetic conversions
     * (both of one signedness, or the unsigned one promoted to a wider signed type).
     */
    private boolean comparesExactly(Expr<?> x, Expr<?> y) {
        if (!readAsDeclared(x) || !readAsDeclared(y)) {
            return false;
        }
        Variable vx = variables.get(x);
        Variable vy = variables.get(y);
        if (vx.type().signed() == vy.type().signed()) {
            return true;
        }
        Variable unsigned = vx.type().signed() ? vy : vx;
        Variable signed = vx.type().signed() ? vx : vy;
        return unsigned.type().width() < Math.max(32, signed.type().width());
    }

    private static boolean holds(BigInteger left, String op, BigInteger right) {
        int c = left.compareTo(right);
        return switch (op) {
            case "==" -> c == 0;
            case "!=" -> c != 0;
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            default -> c >= 0;
        };
    }

    private static String flipped(String op) {
        return switch (op) {
            case "<" -> ">";
            case "<=" -> ">=";
            case ">" -> "<";
            case ">=" -> "<=";
            default -> op;
        };
    }

    private static BigInteger floorDiv(BigInteger a, BigInteger b) {
        BigInteger[] qr = a.divideAndRemainder(b);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }

    /** The C integer type of the given width and signedness, or null for another width. */
    static String cType(int width, boolean signed) {
        return switch (width) {
            case 8 -> signed ? "signed char" : "unsigned char";
            case 16 -> signed ? "short" : "unsigned short";
            case 32 -> signed ? "int" : "unsigned";
            case 64 -> signed ? "long long" : "unsigned long long";
            default -> null;
        };
    }
}
