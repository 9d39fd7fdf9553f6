package pdpv.cegar;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random C functions over arrays of integers (issue #20) for the differential test against gcc:
 * global and local arrays of one or two dimensions and random element types, initialized in full,
 * in part, with designators and with elided braces; reads and writes (plain, compound, increments)
 * at subscripts computed from the inputs and always in bounds; helpers inlined with pointer and
 * array parameters ({@code T *p}, {@code T p[]}, {@code T p[][n]}) that read, write and pass on
 * {@code a}, {@code a + k} and {@code &a[i]}; with {@code loops}, loops over the cells with constant
 * bounds. Besides the arrays, scalar locals {@code v0, v1} of one random type and pointers
 * {@code p0, p1} to them: reads and writes through the pointers, pointer assignments
 * ({@code p = &v}, {@code p = c ? &v0 : &v1}, {@code p = q}), comparisons {@code p0 == p1}, and
 * helpers with an out-parameter ({@code T *p}) passed {@code &v} or a pointer. And two variables
 * {@code s0, s1} of a struct with two integer members, an array member and a nested struct:
 * member reads and writes, copies {@code s1 = s0}, helpers taking and returning the struct by
 * value and helpers writing it through {@code struct S *p} ({@code p->f}); a global {@code t0} of
 * that struct (initialized in order, by designators, or zero) used as the locals are, and helpers
 * with a {@code static struct} that keeps its value between calls. And an array {@code e0[3]} of
 * a struct with two integer members and an array member, global or local, initialized in full,
 * in part, by designators or (a global) not at all: element members read and written, whole
 * elements copied ({@code e0[i] = e0[j]}), helpers passed {@code e0}, {@code e0 + k} or
 * {@code &e0[k]} as {@code struct E *p} or {@code struct E p[]} that use {@code p[i].f} and
 * {@code p->f}. And unions {@code w0} (global or local) and a copy of it of an 8-byte array
 * {@code raw}, a scalar {@code v} and an array {@code n} of random types sharing their bytes: the
 * copy a local {@code w1}, a struct's member {@code hw.u} or an element {@code wa[1]} of an array
 * of unions; members written and read across one another (type punning, as gcc lays them out),
 * copies, helpers taking and returning a union by value and writing one through a pointer. The body is a function {@code compute(x0, x1)} of two small inputs returning a
 * {@code long long}, so that gcc can tabulate it for every input and PDPV can check an assertion
 * about it.
 */
final class RandomAggregatePrograms {
    /** An element type and the C spelling of its values' range in the generated expressions. */
    private record ElementType(String name, boolean wide) {
    }

    private static final List<ElementType> TYPES = List.of(new ElementType("char", false), new ElementType("signed char", false),
            new ElementType("unsigned char", false), new ElementType("short", false), new ElementType("unsigned short", false),
            new ElementType("int", false), new ElementType("unsigned", false), new ElementType("long long", true),
            new ElementType("unsigned long long", true), new ElementType("_Bool", false));

    /** An array of the program: its name, element type, extents and whether it is global. */
    private record Array(String name, ElementType type, List<Integer> dims, boolean global) {
        int length() {
            return dims.stream().reduce(1, (a, b) -> a * b);
        }
    }

    /** The number of values each input takes (0 .. INPUT_VALUES - 1): gcc tabulates every pair. */
    static final int INPUT_VALUES = 6;

    private final Random random;
    private final boolean loops;
    private final List<Array> arrays = new ArrayList<>();
    private final StringBuilder globals = new StringBuilder();
    private final StringBuilder helpers = new StringBuilder();
    private final StringBuilder body = new StringBuilder();
    private int helperCount;
    private int locals;
    /** The type of the scalars v0, v1 that the pointers p0, p1 point to. */
    private ElementType scalarType;

    RandomAggregatePrograms(Random random, Random unionRandom, boolean loops) {
        this.random = random;
        this.unionRandom = unionRandom;
        this.loops = loops;
    }

    /** The declarations and the function {@code long long compute(unsigned char x0, unsigned char x1)}. */
    String generate() {
        int n = 1 + random.nextInt(3);
        for (int i = 0; i < n; i++) {
            declare("a" + i, random.nextInt(3) == 0);
        }
        scalarType = TYPES.get(random.nextInt(TYPES.size()));
        for (int i = 0; i < 2; i++) {
            localDeclarations.append("  ").append(scalarType.name()).append(" v").append(i).append(" = ").append(constant()).append(";\n");
        }
        localDeclarations.append("  ").append(scalarType.name()).append(" *p0 = &v").append(random.nextInt(2)).append(";\n");
        localDeclarations.append("  ").append(scalarType.name()).append(" *p1 = ").append(random.nextBoolean() ? "p0" : "&v" + random.nextInt(2))
                .append(";\n");
        String[] m = new String[4];
        for (int i = 0; i < m.length; i++) {
            m[i] = TYPES.get(random.nextInt(TYPES.size())).name();
        }
        globals.append("struct In { ").append(m[2]).append(" d; };\nstruct S { ").append(m[0]).append(" a; ").append(m[1])
                .append(" b; ").append(m[3]).append(" c[3]; struct In in; };\n");
        localDeclarations.append("  struct S s0 = {").append(constant()).append(", .c = {").append(constant()).append("}, .in = {")
                .append(constant()).append("}};\n  struct S s1 = s0;\n");
        globals.append("struct S t0").append(switch (random.nextInt(3)) {
            case 0 -> "";
            case 1 -> " = {" + constant() + ", " + constant() + ", {" + constant() + ", " + constant() + "}, {" + constant() + "}}";
            default -> " = {.in = {" + constant() + "}, .b = " + constant() + "}";
        }).append(";\n");
        declareElements();
        declareUnions();
        int statements = 3 + random.nextInt(6);
        for (int i = 0; i < statements; i++) {
            statement("  ");
        }
        body.append("  long long r = ").append(expression(2)).append(";\n");
        for (Array a : arrays) {
            body.append("  r = r * 31 + ").append(cell(a)).append(";\n");
        }
        // t0's, e0's and the unions' members folded into the same two terms: each further product by 31 of a 64-bit sum makes the solver's query harder
        body.append("  r = r * 31 + (s0.a ^ s1.b ^ t0.a ^ t0.b ^ e0[x0 % 3].x ^ e0[(x0 + x1) % 3].y);\n"
                + "  r = r * 31 + (s1.c[x0 % 3] ^ s0.in.d ^ t0.c[x1 % 3] ^ t0.in.d ^ e0[x1 % 3].z[x0 % 2] ^ w0.v ^ w0.n[x0 % "
                + unionCells + "] ^ " + w1 + ".raw[x1 % 8]);\n");
        body.append("  r = r * 31 + v0;\n  r = r * 31 + v1;\n  r = r * 3 + (p0 == &v0) + 2 * (p1 == p0);\n");
        body.append("  return r;\n");
        return globals + "\n" + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + locals() + body + "}\n";
    }

    private final StringBuilder localDeclarations = new StringBuilder();

    private String locals() {
        return localDeclarations.toString();
    }

    private void declare(String name, boolean twoDimensional) {
        ElementType t = TYPES.get(random.nextInt(TYPES.size()));
        List<Integer> dims = twoDimensional ? List.of(2 + random.nextInt(2), 2 + random.nextInt(3)) : List.of(2 + random.nextInt(6));
        boolean global = random.nextBoolean();
        Array a = new Array(name, t, dims, global);
        arrays.add(a);
        StringBuilder decl = new StringBuilder();
        decl.append(t.name()).append(' ').append(name);
        boolean unsized = !twoDimensional && random.nextInt(5) == 0;
        for (int i = 0; i < dims.size(); i++) {
            decl.append('[').append(unsized && i == 0 ? "" : String.valueOf(dims.get(i))).append(']');
        }
        String init = initializer(a, global, unsized);
        if (init != null) {
            decl.append(" = ").append(init);
        }
        decl.append(";\n");
        (global ? globals : localDeclarations).append(global ? "" : "  ").append(decl);
    }

    /** An initializer; a local array always has one (its cells are otherwise indeterminate, which gcc cannot tabulate). */
    private String initializer(Array a, boolean global, boolean unsized) {
        int kind = random.nextInt(5);
        if (global && kind == 0 && !unsized) {
            return null;
        }
        if (kind == 1 && !unsized) {
            return "{0}";
        }
        List<Integer> dims = a.dims();
        if (kind == 2 && !unsized) {
            // designators, possibly overriding one another
            List<String> parts = new ArrayList<>();
            for (int i = 0; i < 1 + random.nextInt(3); i++) {
                StringBuilder d = new StringBuilder();
                for (int dim : dims) {
                    d.append('[').append(random.nextInt(dim)).append(']');
                }
                parts.add(d + " = " + constant());
            }
            return "{" + String.join(", ", parts) + "}";
        }
        if (dims.size() == 2 && kind == 3) {
            // elided braces, possibly partial
            List<String> flat = new ArrayList<>();
            int count = 1 + random.nextInt(a.length());
            for (int i = 0; i < count; i++) {
                flat.add(constant());
            }
            return "{" + String.join(", ", flat) + "}";
        }
        List<String> rows = new ArrayList<>();
        if (dims.size() == 2) {
            for (int i = 0; i < dims.get(0); i++) {
                List<String> row = new ArrayList<>();
                int count = random.nextInt(4) == 0 ? 1 + random.nextInt(dims.get(1)) : dims.get(1);
                for (int j = 0; j < count; j++) {
                    row.add(constant());
                }
                rows.add("{" + String.join(", ", row) + "}");
            }
        } else {
            int count = unsized || random.nextBoolean() ? dims.get(0) : 1 + random.nextInt(dims.get(0));
            for (int i = 0; i < count; i++) {
                rows.add(constant());
            }
        }
        return "{" + String.join(", ", rows) + "}";
    }

    private String constant() {
        int kind = random.nextInt(4);
        return switch (kind) {
            case 0 -> String.valueOf(random.nextInt(10));
            case 1 -> String.valueOf(-random.nextInt(300));
            case 2 -> String.valueOf(random.nextInt(100000));
            default -> "0x" + Integer.toHexString(random.nextInt());
        };
    }

    /** A subscript of extent {@code n} that is always in bounds. */
    private String index(int n) {
        return switch (random.nextInt(4)) {
            case 0 -> String.valueOf(random.nextInt(n));
            case 1 -> "x" + random.nextInt(2) + " % " + n;
            case 2 -> "(unsigned)(" + input() + " + " + random.nextInt(7) + ") % " + n;
            default -> "(unsigned)(" + scalar(0) + ") % " + n + "u";
        };
    }

    private String input() {
        return "x" + random.nextInt(2);
    }

    private String cell(Array a) {
        StringBuilder sb = new StringBuilder(a.name());
        for (int d : a.dims()) {
            sb.append('[').append(index(d)).append(']');
        }
        return sb.toString();
    }

    private Array someArray() {
        return arrays.get(random.nextInt(arrays.size()));
    }

    /** An expression without array reads, for subscripts. */
    private String scalar(int depth) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return random.nextBoolean() ? input() : String.valueOf(random.nextInt(20));
        }
        String op = List.of("+", "-", "*", "^", "&", "|").get(random.nextInt(6));
        return "(" + scalar(depth - 1) + " " + op + " " + scalar(depth - 1) + ")";
    }

    /** An address for a pointer: {@code &v}, a choice between two, or the other pointer. */
    private String address() {
        return switch (random.nextInt(4)) {
            case 0 -> "&v0";
            case 1 -> "&v1";
            case 2 -> "(" + expression(1) + ") ? &v" + random.nextInt(2) + " : &v" + random.nextInt(2);
            default -> "p" + random.nextInt(2);
        };
    }

    private String member() {
        String s = random.nextInt(3) == 0 ? "t0" : "s" + random.nextInt(2);
        return switch (random.nextInt(4)) {
            case 0 -> s + ".a";
            case 1 -> s + ".b";
            case 2 -> s + ".c[" + index(3) + "]";
            default -> s + ".in.d";
        };
    }

    /** A statement on the structs: a member written, a copy, a helper by value or through a pointer. */
    private void structStatement(String indent) {
        switch (random.nextInt(6)) {
            case 0 -> body.append(indent).append(member()).append(' ')
                    .append(List.of("=", "+=", "^=", "-=").get(random.nextInt(4))).append(' ').append(expression(0)).append(";\n");
            case 1 -> body.append(indent).append(List.of("s1 = s0;\n", "s0 = s1;\n", "t0 = s0;\n", "s1 = t0;\n").get(random.nextInt(4)));
            case 2 -> {
                String f = "f" + helperCount++;
                helpers.append("static struct S ").append(f).append("(struct S v, int q) {\n  v.a += q;\n  v.c[(unsigned) q % 3] = v.b;\n"
                        + "  v.in.d ^= v.a;\n  return v;\n}\n");
                body.append(indent).append("s").append(random.nextInt(2)).append(" = ").append(f).append("(s").append(random.nextInt(2))
                        .append(", ").append(scalar(1)).append(");\n");
            }
            case 3 -> {
                String f = "f" + helperCount++;
                helpers.append("static void ").append(f).append("(struct S *p, int q) {\n  p->b -= q;\n  (*p).in.d += p->c[1];\n}\n");
                body.append(indent).append(f).append(random.nextInt(3) == 0 ? "(&t0" : "(&s" + random.nextInt(2)).append(", ")
                        .append(scalar(1)).append(");\n");
            }
            case 4 -> {
                // a static struct keeps its value between the calls of its function
                String f = "f" + helperCount++;
                helpers.append("static long long ").append(f).append("(int q) {\n  static struct In st")
                        .append(random.nextBoolean() ? "" : " = {" + constant() + "}").append(";\n  st.d += q;\n  return st.d;\n}\n");
                // one call per statement: two calls in one expression are unsequenced
                body.append(indent).append(member()).append(" ^= ").append(f).append('(').append(scalar(1)).append(");\n");
                body.append(indent).append(member()).append(" += ").append(f).append("(1);\n");
            }
            default -> body.append(indent).append(member()).append(random.nextBoolean() ? "++" : "--").append(";\n");
        }
    }

    /** The array of structs {@code e0[3]}: global or local, with a brace-list initializer (none: a global's zeros). */
    private void declareElements() {
        String[] m = new String[3];
        for (int i = 0; i < m.length; i++) {
            m[i] = TYPES.get(random.nextInt(TYPES.size())).name();
        }
        globals.append("struct E { ").append(m[0]).append(" x; ").append(m[1]).append(" y; ").append(m[2]).append(" z[2]; };\n");
        boolean global = random.nextBoolean();
        String init = switch (random.nextInt(global ? 4 : 3)) {
            case 0 -> " = {{" + constant() + ", " + constant() + ", {" + constant() + ", " + constant() + "}}, {" + constant() + "}, {"
                    + constant() + ", " + constant() + "}}";
            case 1 -> " = {{" + constant() + "}, [2] = {.z = {" + constant() + "}, .y = " + constant() + "}}";
            case 2 -> " = {[1] = {" + constant() + ", " + constant() + ", {" + constant() + ", " + constant() + "}}}";
            default -> "";
        };
        (global ? globals : localDeclarations).append(global ? "" : "  ").append("struct E e0[3]").append(init).append(";\n");
    }

    /** The number of cells of the unions' array member n. */
    private int unionCells;

    /** The unions w0 and w1: raw[8] first (so that a brace list sets every byte), then v and n of random non-_Bool types. */
    private void declareUnions() {
        // no _Bool (refused in unions) and no 64-bit members: their 8-byte combinations in the loop-free
        // programs' certificate checks made the test several times slower
        List<ElementType> types = TYPES.stream().filter(t -> !t.name().equals("_Bool") && !t.wide()).toList();
        ElementType v = types.get(random.nextInt(types.size()));
        ElementType n = types.get(random.nextInt(types.size()));
        int size = n.name().contains("long long") ? 8 : n.name().contains("int") || n.name().equals("unsigned") ? 4
                : n.name().contains("short") ? 2 : 1;
        unionCells = 1 + random.nextInt(8 / size);
        globals.append("union W { unsigned char raw[8]; ").append(v.name()).append(" v; ").append(n.name()).append(" n[")
                .append(unionCells).append("]; };\n");
        boolean global = random.nextBoolean();
        String init;
        if (global && random.nextBoolean()) {
            init = random.nextBoolean() ? "" : " = {.v = " + constant() + "}";
        } else {
            List<String> bytes = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                bytes.add(String.valueOf(random.nextInt(256)));
            }
            init = random.nextInt(4) == 0 ? " = {0}" : " = {{" + String.join(", ", bytes) + "}}";
        }
        (global ? globals : localDeclarations).append(global ? "" : "  ").append("union W w0").append(init).append(";\n");
        // the second union sits in a struct or in an array of unions (issue #20), one per program, at no cost in bytes but wa[0]'s
        secondUnion();
    }

    /** Declares the second union, a copy of w0: a struct's member {@code hw.u}, an element {@code wa[1]}, or {@code w1}. */
    private void secondUnion() {
        switch (unionRandom.nextInt(3)) {
            case 0 -> {
                globals.append("struct H { unsigned char tag; union W u; };\n");
                localDeclarations.append("  struct H hw = {1, w0};\n");
                w1 = "hw.u";
            }
            case 1 -> {
                localDeclarations.append("  union W wa[2] = {[1] = {{0}}};\n  wa[1] = w0;\n");
                w1 = "wa[1]";
            }
            default -> {
                localDeclarations.append("  union W w1 = w0;\n");
                w1 = "w1";
            }
        }
    }

    /** How the second union is spelled: {@code w1}, {@code hw.u} or {@code wa[1]}. */
    private String w1;

    /**
     * The choices of where the second union sits and of the helpers on unions (issue #20), drawn
     * apart from {@link #random}, so that every other part of the programs is the one the seed gave
     * before these forms (whose queries keep the test's time known).
     */
    private final Random unionRandom;

    /**
     * A statement on the unions: a member written, a copy, a helper that takes and returns a union
     * by value or writes one through {@code union W *p}.
     */
    private void unionStatement(String indent) {
        String w = random.nextInt(2) == 0 ? "w0" : w1;
        switch (random.nextInt(4)) {
            case 0 -> body.append(indent).append(w).append(".v ").append(List.of("=", "+=", "^=").get(random.nextInt(3))).append(' ')
                    .append(expression(1)).append(";\n");
            case 1 -> body.append(indent).append(w).append(".n[").append(index(unionCells)).append("] = ").append(expression(1)).append(";\n");
            case 2 -> body.append(indent).append(w).append(".raw[").append(index(8)).append("] ").append(random.nextBoolean() ? "=" : "-=")
                    .append(' ').append(expression(0)).append(";\n");
            default -> {
                boolean direction = random.nextBoolean();
                String q = unionRandom.nextBoolean() ? "x0" : "x1";
                switch (unionRandom.nextInt(3)) {
                    case 0 -> {
                        String f = "m" + helperCount++;
                        helpers.append("static union W ").append(f).append("(union W w, int q) {\n  w.n[(unsigned) q % ").append(unionCells)
                                .append("] ^= q;\n  w.raw[0] += 1;\n  return w;\n}\n");
                        body.append(indent).append(direction ? w1 : "w0").append(" = ").append(f).append('(').append(w).append(", ")
                                .append(q).append(");\n");
                    }
                    case 1 -> {
                        String f = "u" + helperCount++;
                        helpers.append("static long long ").append(f)
                                .append("(union W *p, int q) {\n  p->v += q;\n  return p->raw[(unsigned) q % 8];\n}\n");
                        body.append(indent).append(direction ? "" : "x1 = (unsigned char)").append(f).append("(&").append(w).append(", ")
                                .append(q).append(");\n");
                    }
                    default -> body.append(indent).append(direction ? w1 + " = w0;\n" : "w0 = " + w1 + ";\n");
                }
            }
        }
    }

    private String element() {
        return "e0[" + index(3) + "]." + switch (random.nextInt(3)) {
            case 0 -> "x";
            case 1 -> "y";
            default -> "z[" + index(2) + "]";
        };
    }

    /** A statement on the array of structs: a member written, an element copied, a helper through a pointer into the array. */
    private void elementStatement(String indent) {
        switch (random.nextInt(4)) {
            case 0 -> body.append(indent).append(element()).append(' ')
                    .append(List.of("=", "+=", "^=", "-=").get(random.nextInt(4))).append(' ').append(expression(1)).append(";\n");
            case 1 -> body.append(indent).append("e0[").append(index(3)).append("] = e0[").append(index(3)).append("];\n");
            case 2 -> {
                String f = "k" + helperCount++;
                int offset = random.nextInt(3);
                int form = random.nextInt(3);
                String argument = form == 0 ? "e0" : form == 1 ? "e0 + " + offset : "&e0[" + offset + "]";
                int extent = 3 - (form == 0 ? 0 : offset);
                helpers.append("static long long ").append(f).append(random.nextBoolean() ? "(struct E *p" : "(struct E p[]")
                        .append(", int q) {\n  p[(unsigned) q % ").append(extent).append("].y += q;\n  p->z[(unsigned) q % 2] ^= p->x;\n")
                        .append("  return p[").append(extent - 1).append("].x + p->y;\n}\n");
                body.append(indent).append(random.nextBoolean() ? "" : "x0 = (unsigned char)").append(f).append('(').append(argument)
                        .append(", ").append(scalar(1)).append(");\n");
            }
            default -> body.append(indent).append(element()).append(random.nextBoolean() ? "++" : "--").append(";\n");
        }
    }

    /** A statement on the scalars through the pointers. */
    private void pointerStatement(String indent) {
        String p = "p" + random.nextInt(2);
        switch (random.nextInt(5)) {
            case 0 -> body.append(indent).append('*').append(p).append(" = ").append(expression(2)).append(";\n");
            case 1 -> body.append(indent).append('*').append(p).append(' ')
                    .append(List.of("+=", "-=", "*=", "^=", "|=").get(random.nextInt(5))).append(' ').append(expression(1)).append(";\n");
            case 2 -> body.append(indent).append(random.nextBoolean() ? "++*" + p : "(*" + p + ")--").append(";\n");
            case 3 -> body.append(indent).append(p).append(" = ").append(address()).append(";\n");
            default -> {
                String f = "g" + helperCount++;
                helpers.append("static long long ").append(f).append('(').append(scalarType.name()).append(" *p, int q) {\n")
                        .append("  *p += q + 1;\n  return *p * 2 + q;\n}\n");
                String argument = random.nextBoolean() ? p : "&v" + random.nextInt(2);
                // the value may be read from a variable the pointer points to: the parameter is still a copy
                String value = random.nextBoolean() ? scalar(1) : "v" + random.nextInt(2);
                body.append(indent).append(random.nextBoolean() ? "" : "x1 = (unsigned char)").append(f).append('(').append(argument)
                        .append(", ").append(value).append(");\n");
            }
        }
    }

    private String expression(int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return switch (random.nextInt(5)) {
                case 0 -> cell(someArray());
                case 3 -> "*p" + random.nextInt(2);
                case 4 -> "(p0 == p1)";
                case 1 -> input();
                default -> constant();
            };
        }
        String op = List.of("+", "-", "*", "^", "&", "|", "==", "<", ">>").get(random.nextInt(9));
        if (op.equals(">>")) {
            return "(" + expression(depth - 1) + " >> " + random.nextInt(8) + ")";
        }
        String cast = random.nextInt(4) == 0 ? "(" + TYPES.get(random.nextInt(TYPES.size())).name() + ")" : "";
        return cast + "(" + expression(depth - 1) + " " + op + " " + expression(depth - 1) + ")";
    }

    private void statement(String indent) {
        if (random.nextInt(3) == 0) {
            pointerStatement(indent);
            return;
        }
        if (random.nextInt(3) == 0) {
            structStatement(indent);
            return;
        }
        if (random.nextInt(3) == 0) {
            elementStatement(indent);
            return;
        }
        if (random.nextInt(3) == 0) {
            unionStatement(indent);
            return;
        }
        int kind = random.nextInt(loops ? 9 : 8);
        Array a = someArray();
        switch (kind) {
            case 0, 1 -> body.append(indent).append(cell(a)).append(" = ").append(expression(2)).append(";\n");
            case 2 -> body.append(indent).append(cell(a)).append(' ')
                    .append(List.of("+=", "-=", "*=", "^=", "|=").get(random.nextInt(5))).append(' ').append(expression(1)).append(";\n");
            case 3 -> {
                String op = random.nextBoolean() ? "++" : "--";
                body.append(indent).append(random.nextBoolean() ? op + cell(a) : cell(a) + op).append(";\n");
            }
            case 4 -> {
                body.append(indent).append("if (").append(expression(1)).append(") {\n");
                statement(indent + "  ");
                body.append(indent).append("}\n");
            }
            case 5, 6 -> helperCall(indent, a);
            case 7 -> body.append(indent).append(cell(a)).append(" = ").append(cell(someArray())).append(";\n");
            default -> {
                String v = "i" + locals++;
                int n = a.dims().get(0);
                body.append(indent).append("for (int ").append(v).append(" = 0; ").append(v).append(" < ").append(n).append("; ")
                        .append(v).append("++) {\n");
                StringBuilder target = new StringBuilder(a.name()).append('[').append(v).append(']');
                for (int d : a.dims().subList(1, a.dims().size())) {
                    target.append('[').append(index(d)).append(']');
                }
                body.append(indent).append("  ").append(target).append(" += ").append(v).append(" * ").append(expression(1)).append(";\n");
                body.append(indent).append("}\n");
            }
        }
    }

    /** A call of a new helper that takes {@code a} (or a part of it) by pointer. */
    private void helperCall(String indent, Array a) {
        String f = "h" + helperCount++;
        String t = a.type().name();
        boolean matrix = a.dims().size() == 2;
        int form = random.nextInt(3);
        String param;
        String argument;
        int extent;
        if (matrix && form == 0) {
            param = t + " p[][" + a.dims().get(1) + "]";
            argument = a.name();
            extent = a.dims().get(0);
        } else if (matrix) {
            int row = random.nextInt(a.dims().get(0));
            param = random.nextBoolean() ? t + " *p" : t + " p[]";
            argument = random.nextBoolean() ? a.name() + "[" + row + "]" : "&" + a.name() + "[" + row + "][0]";
            extent = a.dims().get(1);
        } else {
            int offset = random.nextInt(a.dims().get(0));
            param = random.nextBoolean() ? t + " *p" : t + " p[]";
            argument = form == 0 ? a.name() : form == 1 ? a.name() + " + " + offset : "&" + a.name() + "[" + offset + "]";
            extent = a.dims().get(0) - (form == 0 ? 0 : offset);
        }
        String k = "(unsigned)(q) % " + extent;
        String subscript = matrix && form == 0 ? "[" + k + "][" + random.nextInt(a.dims().get(1)) + "]" : "[" + k + "]";
        helpers.append("static long long ").append(f).append('(').append(param).append(", int q) {\n")
                .append("  p").append(subscript).append(" += q + 1;\n")
                .append("  return p").append(subscript).append(" * 2;\n}\n");
        body.append(indent).append(random.nextBoolean() ? "" : "x0 = (unsigned char)").append(f).append('(').append(argument)
                .append(", ").append(scalar(1)).append(");\n");
    }

    /**
     * A small program on struct and {@code _Bool} members of unions (issue #20), drawn from the
     * union choices' own stream alone: a union {@code W} of 8 raw bytes, a scalar {@code v}, a
     * struct {@code Q} (one of four layouts, its members at the offsets gcc gives them; with
     * padding in one, whose bytes then are never stored whole, since C leaves their value unspecified) and a {@code _Bool z}; its copy {@code w1}
     * (a local, a struct's member or an element of an array of unions); a union {@code Y} whose
     * first member is that struct, initialized by its brace list. Statements write q's members,
     * pass q to a helper by value and store the result, write z (its byte then 0 or 1) and v; the
     * result combines bytes and members read across one another.
     */
    /** Whether struct Q has padding bytes: then no statement stores it whole. */
    private boolean padded;

    String unionProgram() {
        Random r = unionRandom;
        ElementType v = TYPES.stream().filter(t -> !t.name().equals("_Bool") && !t.wide()).toList().get(r.nextInt(6));
        int layout = r.nextInt(4);
        // the fourth has padding (bytes 2, 3, 10, 11), which only a store of the whole struct or a brace list would make unspecified
        padded = layout == 3;
        globals.append(List.of("struct Q { short h; unsigned char c[2]; int i; };\n", "struct Q { unsigned char c[2]; short h; int i; };\n",
                "struct Q { int i; signed char c[2]; unsigned short h; };\n", "struct Q { signed char c[2]; int i; short h; };\n").get(layout));
        globals.append("union W { unsigned char raw[8]; ").append(v.name()).append(" v; struct Q q; _Bool z; };\n");
        globals.append("union Y { struct Q q; unsigned int k[2]; };\n");
        List<String> bytes = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            bytes.add(String.valueOf(r.nextInt(256)));
        }
        localDeclarations.append("  union W w0 = {{").append(String.join(", ", bytes)).append("}};\n");
        localDeclarations.append("  union Y y0 = {{.h = ").append(r.nextInt(1000) - 500).append(", .c = {").append(r.nextInt(256))
                .append(", ").append(r.nextInt(256)).append("}, .i = ").append(r.nextInt(100000)).append("}};\n");
        secondUnion();
        int statements = 2 + r.nextInt(4);
        for (int i = 0; i < statements; i++) {
            structInUnionStatement("  ");
        }
        body.append("  long long r = w0.q.h ^ ").append(w1).append(".q.c[x0 % 2] ^ y0.k[").append(padded ? "1" : "x1 % 2").append("];\n");
        body.append("  r = r * 31 + (w0.raw[x1 % 8] ^ ").append(w1).append(".q.i ^ y0.q.c[x0 % 2] ^ w0.v ^ ").append(w1).append(".raw[x0 % 8]);\n");
        body.append("  return r;\n");
        return globals + "\n" + helpers + "long long compute(unsigned char x0, unsigned char x1) {\n" + locals() + body + "}\n";
    }

    /**
     * A statement on the members q, z and v of the unions w0 and the copy: a member of q written,
     * q through a helper by value, z written (its byte then 0 or 1), v written.
     */
    private void structInUnionStatement(String indent) {
        String w = unionRandom.nextBoolean() ? "w0" : w1;
        String x = "x" + unionRandom.nextInt(2);
        int kind = unionRandom.nextInt(6);
        switch (padded && kind == 5 ? 0 : kind) {
            case 0 -> body.append(indent).append(w).append(".q.h = ").append(x).append(" * ").append(unionRandom.nextInt(3000)).append(" - ")
                    .append(unionRandom.nextInt(100)).append(";\n");
            case 1 -> body.append(indent).append(w).append(".q.c[").append(x).append(" % 2] ^= ").append(unionRandom.nextInt(256)).append(";\n");
            case 2 -> body.append(indent).append(w).append(".q.i += ").append(x).append(" * ").append(unionRandom.nextInt(100000)).append(";\n");
            case 3 -> body.append(indent).append(w).append(".z = ").append(x).append(" > ").append(unionRandom.nextInt(5)).append(";\n");
            case 4 -> body.append(indent).append(w).append(".v = ").append(x).append(" - ").append(unionRandom.nextInt(9)).append(";\n");
            default -> {
                String f = "q" + helperCount++;
                helpers.append("static struct Q ").append(f).append("(struct Q s, int q) {\n  s.h ^= q;\n  s.c[1] += s.c[0];\n  s.i -= s.h;\n"
                        + "  return s;\n}\n");
                String other = w.equals("w0") ? w1 : "w0";
                body.append(indent).append(unionRandom.nextBoolean() ? w : other).append(".q = ").append(f).append('(').append(w)
                        .append(".q, ").append(x).append(");\n");
            }
        }
    }
}
