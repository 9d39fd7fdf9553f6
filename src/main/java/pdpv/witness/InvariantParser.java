package pdpv.witness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import pdpv.cfg.Addresses;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.cfg.Stmt;
import pdpv.cfg.Variable;
import pdpv.cfg.VariableUses;
import pdpv.frontend.FrontEnd;
import pdpv.frontend.FrontEndOptions;
import pdpv.frontend.UserError;
import pdpv.semantics.CType;
import pdpv.semantics.DataModel;

/**
 * Reads a witness invariant, a C expression over the program's variables, into the IR with the
 * front end: the expression is the argument of an assertion in a small translation unit that
 * declares each variable name with its type (a struct's members, flattened to {@code s.f} by the
 * front end, as members of a local struct {@code s}, issue #20), and the assertion's typed condition
 * is then moved onto the program's own variables. A name stands for the program variable of that
 * name the loop uses; where the loop uses several (a callee's parameter of the same name, inlined
 * in the loop), the one of the function the loop is written in, as C's scope at the loop says;
 * else the only one of that name. A name of several variables these rules do not tell apart, and
 * a name of none, are errors of the witness.
 */
final class InvariantParser {
    private final Program program;
    private final DataModel dataModel;
    private final Map<String, List<Variable>> byName = new LinkedHashMap<>();
    private final Map<Variable, Addresses.PointerVariable> pointers;
    private LoopHeads loops;

    InvariantParser(Program program, DataModel dataModel) {
        this.program = program;
        this.dataModel = dataModel;
        this.pointers = program.addresses().pointers();
        for (Variable v : program.variables()) {
            if (CText.named(v)) {
                byName.computeIfAbsent(v.sourceName(), k -> new ArrayList<>()).add(v);
            }
        }
        program.addresses().pointers().forEach((v, p) -> byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(v));
    }

    /** The invariant {@code text} at the loop whose blocks are {@code loop}, as a condition over the program's variables. */
    Expr parse(String text, Set<Block> loop) {
        if (!text.contains("\\forall")) {
            return parse(text, loop, Map.of());
        }
        // the same text reads as the same expression (the same stand-ins): a witness states each condition once
        List<Object> key = List.of(text, loop);
        Expr known = quantified.get(key);
        if (known == null) {
            known = parse(text, loop, Map.of());
            quantified.put(key, known);
        }
        return known;
    }

    /** {@code \forall TYPE NAME; BODY}, ACSL's universal quantifier over a C integer type. */
    private static final Pattern FORALL = Pattern.compile("\\\\forall\\s+([a-z][a-z ]*?)\\s+([A-Za-z_]\\w*)\\s*;(.*)", Pattern.DOTALL);
    private final Map<List<Object>, Expr> quantified = new java.util.HashMap<>();

    /**
     * The front end's reading of each translation unit {@link #parse(String, Set, Map)} wrote, or
     * its error: the plain step reads the same conjunct at several loops whose scopes declare the
     * same names, and again when it simplifies and checks it, and each reading of the front end
     * costs a CDT parse and a lowering (about a fifth of the plain step's processor time on the
     * thesis programs). The unit fixes the reading; only the renaming onto the program's variables,
     * which depends on the loop, is done on each call.
     */
    private final Map<String, Object> units = new java.util.HashMap<>();
    private int readings;

    /** How many translation units the front end has read for this parser (each distinct one once). */
    int frontEndReadings() {
        return readings;
    }

    /**
     * {@code text} with each quantified condition {@code (\forall T j; P ==> Q)} (parenthesized, or
     * the rest of the text) replaced by the name of a stand-in ({@link Quantified}) whose body
     * {@code !(P) || (Q)} is read here, with {@code j} a fresh variable of type T; the stand-ins and
     * bound variables by name are added to {@code extra}.
     */
    private String withoutQuantifiers(String text, Set<Block> loop, Map<String, Variable> extra) {
        String t = text;
        for (int at = t.indexOf("\\forall"); at >= 0; at = t.indexOf("\\forall")) {
            int p = at - 1;
            while (p >= 0 && Character.isWhitespace(t.charAt(p))) {
                p--;
            }
            int start = at;
            int end = t.length();
            if (p >= 0 && t.charAt(p) == '(') {
                start = p;
                end = closing(t, p) + 1;
                if (end == 0) {
                    throw new WitnessError("cannot read invariant '" + text + "': unbalanced parentheses");
                }
            }
            String inner = t.substring(at, start == p ? end - 1 : end).strip();
            Matcher m = FORALL.matcher(inner);
            CType type = m.matches() ? type(m.group(1).strip()) : null;
            if (type == null) {
                throw new WitnessError("cannot read invariant '" + text + "': a quantifier reads \\forall T j; P with T a C integer type");
            }
            Variable bound = Quantified.fresh("__pdpv_bound_", type);
            String body = m.group(3).replaceAll("(?<![\\w.\\\\])" + Pattern.quote(m.group(2)) + "(?!\\w)", bound.name());
            Map<String, Variable> inside = new LinkedHashMap<>(extra);
            inside.put(bound.name(), bound);
            Expr parsed = parse(implication(body), loop, inside);
            Variable standIn = Quantified.fresh("__pdpv_forall_", CType.signedInt());
            Quantified.register(new Quantified(standIn, bound, parsed));
            extra.put(standIn.name(), standIn);
            t = t.substring(0, start) + " " + standIn.name() + " " + t.substring(end);
        }
        return t;
    }

    /** A C integer type by its name ({@code int}, {@code unsigned}, {@code long long}, ...), or null. */
    private CType type(String name) {
        String n = name.replaceAll("\\s+", " ");
        boolean unsigned = n.startsWith("unsigned");
        n = n.replaceFirst("^(un)?signed ?", "").replaceFirst(" int$", "");
        CType.Kind kind = switch (n) {
            case "", "int" -> CType.Kind.INT;
            case "char" -> CType.Kind.CHAR;
            case "short" -> CType.Kind.SHORT;
            case "long" -> CType.Kind.LONG;
            case "long long" -> CType.Kind.LONG_LONG;
            default -> null;
        };
        return kind == null ? null : CType.of(kind, !unsigned, dataModel); // plain char is signed, as the front end reads it
    }

    /** {@code P ==> Q} (maybe parenthesized) as C, {@code !(P) || (Q)}; a body without {@code ==>} as it is. */
    private static String implication(String body) {
        String b = body.strip();
        while (b.startsWith("(") && closing(b, 0) == b.length() - 1) {
            b = b.substring(1, b.length() - 1).strip();
        }
        int depth = 0;
        for (int i = 0; i < b.length(); i++) {
            char c = b.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0 && b.startsWith("==>", i)) {
                return "!(" + b.substring(0, i) + ") || (" + b.substring(i + 3) + ")";
            }
        }
        return b;
    }

    /** The index of the parenthesis that closes the one at {@code open}, or -1. */
    private static int closing(String t, int open) {
        int depth = 0;
        for (int i = open; i < t.length(); i++) {
            char c = t.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * {@link #parse(String, Set)} with the variables of {@code extra} (a quantifier's bound variables
     * and stand-ins) declared and read by their names beside the program's.
     */
    private Expr parse(String original, Set<Block> loop, Map<String, Variable> bound) {
        Map<String, Variable> extra = new LinkedHashMap<>(bound);
        String text = withoutQuantifiers(original, loop, extra);
        Map<String, Variable> scope = new LinkedHashMap<>();
        Map<String, Variable> ambiguous = new LinkedHashMap<>();
        String function = function(loop);
        byName.forEach((name, vars) -> {
            List<Variable> used = vars.stream().filter(v -> usedIn(v, loop)).toList();
            List<Variable> candidates = used.isEmpty() ? vars : used;
            List<Variable> own = candidates.stream().filter(v -> EntryFacts.function(v).equals(function)).toList();
            if (candidates.size() > 1 && own.size() == 1) {
                candidates = own;
            }
            if (candidates.size() == 1) {
                scope.put(name, candidates.get(0));
            } else if (!pointers.containsKey(candidates.get(0))) {
                ambiguous.put(name, candidates.get(0));
            }
        });
        String read = text;
        for (Map.Entry<String, Variable> named : scope.entrySet()) {
            Matcher m = CText.ARRAY_POINTER.matcher(named.getKey());
            if (m.matches() && scope.get(m.group(3)) == null && read.contains(named.getKey())) {
                // a pointer into an array of structs (issue #20), whose members are arrays of their own here: its
                // offset (p - ps) is read as a stand-in variable
                String standIn = "__pdpv_offset_" + m.group(1);
                read = read.replace(named.getKey(), standIn);
                extra.put(standIn, named.getValue());
            }
        }
        StringBuilder source = new StringBuilder();
        Map<String, Map<String, Object>> structs = new LinkedHashMap<>();
        scope.forEach((name, v) -> {
            if (!pointers.containsKey(v) && !CText.ARRAY_POINTER.matcher(name).matches()) {
                declare(source, structs, name, v.type().toString(), declarator(v));
            }
        });
        ambiguous.forEach((name, v) -> declare(source, structs, name, v.type().toString(), v.isArray() ? "" : declarator(v)));
        extra.forEach((name, v) -> source.append(v.type()).append(' ').append(name).append(";\n"));
        StringBuilder body = new StringBuilder("int main(void) {\n");
        structs.forEach((root, members) -> {
            if (!scope.containsKey(root) && !ambiguous.containsKey(root)) {
                body.append(struct(members)).append(' ').append(root).append(";\n");
            }
        });
        Map<Variable, String> addressed = addresses(scope, source, body);
        scope.forEach((name, v) -> {
            Addresses.PointerVariable p = pointers.get(v);
            if (p != null && p.targets().stream().allMatch(addressed::containsKey)) {
                // declared with its targets assigned, so that the points-to analysis gives it the program's targets
                body.append(p.targets().get(0).type()).append(" *").append(name).append(" = &").append(addressed.get(p.targets().get(0)))
                        .append(";\n");
                p.targets().forEach(t -> body.append(name).append(" = &").append(addressed.get(t)).append(";\n"));
            }
        });
        scope.forEach((name, v) -> {
            Matcher m = CText.ARRAY_POINTER.matcher(name);
            if (m.matches() && scope.get(m.group(3)) != null) {
                // a pointer into an array (issue #20), declared pointing into it so that (p - a) reads as its offset
                body.append(scope.get(m.group(3)).type()).append(" *").append(m.group(1)).append(" = ").append(m.group(2)).append(";\n");
            }
        });
        source.append(body).append("__VERIFIER_assume(\n").append(read).append("\n);\nreturn 0;\n}\n");
        Object unit = units.computeIfAbsent(source.toString(), src -> {
            readings++;
            try {
                return FrontEnd.parse("invariant", src, new FrontEndOptions("main", dataModel, false));
            } catch (UserError e) {
                return e;
            }
        });
        if (unit instanceof UserError e) {
            throw new WitnessError("cannot read invariant '" + text + "': " + e.render());
        }
        Program p = (Program) unit;
        List<Stmt.Assume> assumes = new ArrayList<>();
        p.blocks().forEach(b -> b.statements().forEach(s -> {
            if (s instanceof Stmt.Assume a) {
                assumes.add(a);
            }
        }));
        if (assumes.size() != 1) {
            throw new WitnessError("cannot read invariant '" + text + "' as one side-effect-free expression");
        }
        Map<Variable, Variable> rename = new LinkedHashMap<>();
        for (Variable v : VariableUses.reads(assumes.get(0).condition())) {
            Addresses.PointerVariable pointer = p.addresses().pointers().get(v);
            if (pointer != null && scope.get(pointer.name()) != null && pointers.containsKey(scope.get(pointer.name()))) {
                rename.put(v, scope.get(pointer.name()));
                continue;
            }
            if (extra.containsKey(v.sourceName())) {
                rename.put(v, extra.get(v.sourceName()));
                continue;
            }
            Variable real = scope.get(v.sourceName());
            if (real == null || v.kind() == Variable.Kind.TEMPORARY) {
                throw new WitnessError("invariant '" + text + "': " + (ambiguous.containsKey(v.sourceName())
                        ? "'" + v.sourceName() + "' names several variables of the program" : "cannot read it as an expression over program variables"));
            }
            rename.put(v, real);
        }
        return renamed(assumes.get(0).condition(), rename);
    }

    /**
     * Takes the address of every variable the program takes the address of, in the order of their
     * ids, so that the front end gives each the id the program gave it ({@code &x} reads as that id):
     * by its C name where that name is in {@code scope} for it, else of a stand-in declared in
     * {@code source}. The C names by variable.
     */
    private Map<Variable, String> addresses(Map<String, Variable> scope, StringBuilder source, StringBuilder body) {
        Map<Variable, String> named = new LinkedHashMap<>();
        program.addresses().ids().forEach((v, id) -> {
            String name = v.sourceName();
            if (v.equals(scope.get(name))) {
                named.put(v, name);
            } else {
                name = "__pdpv_unnamed_" + id;
                source.append(v.type()).append(' ').append(name).append(";\n");
            }
            body.append(v.type()).append(" *__pdpv_address_").append(id).append(" = &").append(name).append(";\n");
        });
        return named;
    }

    /**
     * Declares {@code name} of {@code type}: a scalar or array at file scope, a struct member
     * ({@code s.in.f}) as a leaf of its root's tree in {@code structs}, declared in {@code main}
     * (the front end reads local structs only).
     */
    private static void declare(StringBuilder source, Map<String, Map<String, Object>> structs, String name, String type, String extents) {
        String[] path = name.split("\\.");
        if (path.length == 1) {
            source.append(type).append(' ').append(name).append(extents).append(";\n");
            return;
        }
        Map<String, Object> node = structs.computeIfAbsent(path[0], k -> new LinkedHashMap<>());
        for (int i = 1; i < path.length - 1; i++) {
            Object child = node.computeIfAbsent(path[i], k -> new LinkedHashMap<String, Object>());
            if (!(child instanceof Map)) {
                return; // a member that is both a scalar and a struct cannot be: not one program's names
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> next = (Map<String, Object>) child;
            node = next;
        }
        node.putIfAbsent(path[path.length - 1], type + " " + path[path.length - 1] + extents + ";");
    }

    /** An anonymous struct type with {@code members} (declarations, or nested members by name). */
    private static String struct(Map<String, Object> members) {
        StringBuilder sb = new StringBuilder("struct { ");
        members.forEach((name, m) -> {
            if (m instanceof Map<?, ?> nested) {
                @SuppressWarnings("unchecked")
                Map<String, Object> inner = (Map<String, Object>) nested;
                sb.append(struct(inner)).append(' ').append(name).append("; ");
            } else {
                sb.append(m).append(' ');
            }
        });
        return sb.append('}').toString();
    }

    /**
     * The function {@code loop} is written in, as {@link EntryFacts#function} names a variable's
     * ("" for the entry function's): where its head's statement lies; for one block (a location
     * invariant's), where all its statements lie; null when that is not one function.
     */
    private String function(Set<Block> loop) {
        if (loops == null) {
            loops = new LoopHeads(program);
        }
        Set<String> functions = new java.util.HashSet<>();
        if (loop.size() == 1) {
            Block b = loop.iterator().next();
            b.statements().forEach(s -> functions.add(function(s.loc())));
            functions.add(function(b.location()));
        }
        for (Block b : loop) {
            if (loop.size() > 1 && loops.heads().contains(b) && loops.body(b).equals(loop)) {
                functions.add(function(b.loopStatement() != null ? b.loopStatement() : b.location()));
            }
        }
        return functions.size() == 1 ? functions.iterator().next() : null;
    }

    private String function(SourceLoc loc) {
        String f = program.functionAt(loc);
        return f == null ? null : f.equals(program.function()) ? "" : f;
    }

    /** What follows the name in a variable's declaration: a bit-field's width, {@code : 3}, or an array's extents. */
    private String declarator(Variable v) {
        return v.type().isBitField(dataModel) ? " : " + v.type().width() : extents(v);
    }

    /** The extents of an array's declaration, {@code [3][4]} (none for a scalar). */
    private static String extents(Variable v) {
        StringBuilder sb = new StringBuilder();
        v.dims().forEach(d -> sb.append('[').append(d).append(']'));
        return sb.toString();
    }

    private static Expr renamed(Expr e, Map<Variable, Variable> rename) {
        if (e instanceof Expr.VarRef r) {
            return new Expr.VarRef(rename.get(r.variable()));
        }
        if (e instanceof Expr.Select sel) {
            return new Expr.Select(rename.get(sel.array()), renamed(sel.index(), rename), sel.type());
        }
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), renamed(u.operand(), rename), u.type());
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), renamed(b.left(), rename), renamed(b.right(), rename), b.type());
        }
        if (e instanceof Expr.Cast c) {
            return new Expr.Cast(renamed(c.operand(), rename), c.type());
        }
        if (e instanceof Expr.Ite i) {
            return new Expr.Ite(renamed(i.condition(), rename), renamed(i.ifTrue(), rename), renamed(i.ifFalse(), rename), i.type());
        }
        return e;
    }

    private static boolean usedIn(Variable v, Set<Block> loop) {
        for (Block b : loop) {
            for (Stmt s : b.statements()) {
                if (VariableUses.reads(s).contains(v) || v.equals(VariableUses.written(s))) {
                    return true;
                }
            }
            if (VariableUses.reads(b.terminator()).contains(v)) {
                return true;
            }
        }
        return false;
    }
}
