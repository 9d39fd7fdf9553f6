package pdpv.daikon;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Parses one invariant line of Daikon's text output (what Daikon and its {@code PrintInvariants}
 * write under a program point header; thesis §6.3) into a {@link DaikonFact}. The grammar covers
 * Daikon's int invariants in its default format: comparisons of terms built with Java's integer
 * operators and {@code **}, {@code orig(..)}, {@code max/min/gcd/pow(..)} calls, the forms
 * {@code x == r  (mod m)}, {@code x one of { .. }}, {@code x is a power of 2},
 * {@code x is boolean}, {@code y is a bitwise subset of x}, and {@code (p) ==> (q)},
 * {@code (p) <==> (q)}. Anything else (arrays, strings, sequences, floating point, pointers) is
 * rejected with a {@link UnsupportedInvariantException} that says why.
 */
final class InvariantParser {
    private static final Set<String> COMPARISONS = Set.of("==", "!=", "<", "<=", ">", ">=");
    /** Operators, longest first so that the lexer takes the longest match. */
    private static final List<String> OPERATORS = List.of("<==>", ">>>", "==>", "**", "==", "!=", "<=", ">=", "<<", ">>",
            "<", ">", "+", "-", "*", "/", "%", "&", "|", "^", "~", "(", ")", "{", "}", ",", "[", "]");

    private final List<Token> tokens;
    private int pos;

    private InvariantParser(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The fact printed as {@code line}; throws {@link UnsupportedInvariantException} if it is not an int invariant. */
    static DaikonFact parse(String line) {
        InvariantParser p = new InvariantParser(lex(line));
        DaikonFact f = p.fact();
        if (p.peek().kind != Kind.END) {
            throw new UnsupportedInvariantException("unexpected '" + p.peek().text + "' after an invariant");
        }
        return f;
    }

    private enum Kind { NUM, DECIMAL, NAME, STRING, OP, END }

    private record Token(Kind kind, String text) {
    }

    private static List<Token> lex(String s) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
                int k = j;
                while (k < s.length() && (Character.isLetterOrDigit(s.charAt(k)) || s.charAt(k) == '.'
                        || (s.charAt(k) == '-' && Character.toLowerCase(s.charAt(k - 1)) == 'e'))) {
                    k++;
                }
                out.add(new Token(k == j ? Kind.NUM : Kind.DECIMAL, s.substring(i, k)));
                i = k;
            } else if (c == '"') {
                int j = i + 1;
                while (j < s.length() && s.charAt(j) != '"') {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(new Token(Kind.STRING, s.substring(i, Math.min(j + 1, s.length()))));
                i = j + 1;
            } else if (isNameStart(s, i)) {
                int j = i;
                while (j < s.length() && isNamePart(s, j)) {
                    j++;
                }
                out.add(new Token(Kind.NAME, s.substring(i, j)));
                i = j;
            } else {
                String op = null;
                for (String o : OPERATORS) {
                    if (s.startsWith(o, i)) {
                        op = o;
                        break;
                    }
                }
                if (op == null) {
                    throw new UnsupportedInvariantException("unexpected character '" + c + "'");
                }
                out.add(new Token(Kind.OP, op));
                i += op.length();
            }
        }
        out.add(new Token(Kind.END, "end of line"));
        return out;
    }

    /** Names are C/Java identifiers, possibly qualified ({@code misc.Fib.a}) or global ({@code ::x}). */
    private static boolean isNameStart(String s, int i) {
        char c = s.charAt(i);
        return Character.isLetter(c) || c == '_' || c == '$' || (c == ':' && s.startsWith("::", i));
    }

    private static boolean isNamePart(String s, int i) {
        char c = s.charAt(i);
        return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' || c == ':';
    }

    private Token peek() {
        return tokens.get(pos);
    }

    private Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    private boolean at(String op) {
        Token t = peek();
        return (t.kind == Kind.OP || t.kind == Kind.NAME) && t.text.equals(op);
    }

    private Token next() {
        Token t = peek();
        if (t.kind != Kind.END) {
            pos++;
        }
        return t;
    }

    private void expect(String text) {
        if (!at(text)) {
            throw new UnsupportedInvariantException("expected '" + text + "', found '" + peek().text + "'");
        }
        next();
    }

    /** fact := atom (('==>' | '<==>') atom)? */
    private DaikonFact fact() {
        DaikonFact left = atom();
        if (at("==>")) {
            next();
            return new DaikonFact.Implies(left, atom());
        }
        if (at("<==>")) {
            next();
            return new DaikonFact.Iff(left, atom());
        }
        return left;
    }

    /** atom := '(' fact ')' | relation; a parenthesized term such as {@code (x + 1) == y} is a relation. */
    private DaikonFact atom() {
        if (at("(")) {
            int start = pos;
            try {
                next();
                DaikonFact f = fact();
                expect(")");
                return f;
            } catch (UnsupportedInvariantException e) {
                pos = start;
            }
        }
        return relation();
    }

    private DaikonFact relation() {
        DaikonTerm left = term();
        Token t = peek();
        if (t.kind == Kind.OP && COMPARISONS.contains(t.text)) {
            next();
            DaikonTerm right = term();
            if (at("(") && peek(1).text.equals("mod")) {
                if (!t.text.equals("==") && !t.text.equals("!=")) {
                    throw new UnsupportedInvariantException("'(mod m)' after '" + t.text + "'");
                }
                next();
                next();
                BigInteger m = integer();
                expect(")");
                if (m.signum() <= 0) {
                    throw new UnsupportedInvariantException("modulus " + m + " is not positive");
                }
                return new DaikonFact.Congruence(t.text.equals("=="), left, right, m);
            }
            return new DaikonFact.Compare(t.text, left, right);
        }
        if (at("one") && peek(1).text.equals("of")) {
            next();
            next();
            expect("{");
            List<BigInteger> values = new ArrayList<>();
            values.add(signedInteger());
            while (at(",")) {
                next();
                values.add(signedInteger());
            }
            expect("}");
            return new DaikonFact.OneOf(left, values);
        }
        if (at("is")) {
            next();
            if (at("boolean")) {
                next();
                return new DaikonFact.OneOf(left, List.of(BigInteger.ZERO, BigInteger.ONE));
            }
            expectWords("a");
            if (at("power")) {
                expectWords("power", "of");
                if (!integer().equals(BigInteger.TWO)) {
                    throw new UnsupportedInvariantException("a power other than of 2");
                }
                return new DaikonFact.PowerOfTwo(left);
            }
            expectWords("bitwise", "subset", "of");
            DaikonTerm whole = term();
            return new DaikonFact.Compare("==", whole, new DaikonTerm.Binary("|", left, whole));
        }
        throw new UnsupportedInvariantException(t.kind == Kind.END ? "no relation in this line"
                : "'" + t.text + "' is not an int relation");
    }

    private void expectWords(String... words) {
        for (String w : words) {
            expect(w);
        }
    }

    private BigInteger integer() {
        Token t = next();
        if (t.kind != Kind.NUM) {
            throw unexpected(t, "an integer");
        }
        return new BigInteger(t.text);
    }

    private BigInteger signedInteger() {
        if (at("-")) {
            next();
            return integer().negate();
        }
        return integer();
    }

    private UnsupportedInvariantException unexpected(Token t, String wanted) {
        return switch (t.kind) {
            case STRING -> new UnsupportedInvariantException("a string value, not an int invariant");
            case DECIMAL -> new UnsupportedInvariantException("a non-integer number " + t.text);
            default -> new UnsupportedInvariantException("expected " + wanted + ", found '" + t.text + "'");
        };
    }

    // Terms, with Java's precedence: | below ^ below & below shifts below + - below * / % below **.

    private DaikonTerm term() {
        return binary(0);
    }

    private static final List<List<String>> LEVELS = List.of(List.of("|"), List.of("^"), List.of("&"),
            List.of("<<", ">>>", ">>"), List.of("+", "-"), List.of("*", "/", "%"));

    private DaikonTerm binary(int level) {
        if (level == LEVELS.size()) {
            return power();
        }
        DaikonTerm left = binary(level + 1);
        while (peek().kind == Kind.OP && LEVELS.get(level).contains(peek().text)) {
            String op = next().text;
            left = new DaikonTerm.Binary(op, left, binary(level + 1));
        }
        return left;
    }

    private DaikonTerm power() {
        DaikonTerm base = unary();
        if (at("**")) {
            next();
            return new DaikonTerm.Binary("**", base, unary());
        }
        return base;
    }

    private DaikonTerm unary() {
        if (at("-") || at("~")) {
            String op = next().text;
            DaikonTerm t = unary();
            if (op.equals("-") && t instanceof DaikonTerm.Num n) {
                return new DaikonTerm.Num(n.value().negate());
            }
            return new DaikonTerm.Unary(op, t);
        }
        return primary();
    }

    private DaikonTerm primary() {
        Token t = next();
        switch (t.kind) {
            case NUM:
                return new DaikonTerm.Num(new BigInteger(t.text));
            case NAME:
                if (at("[")) {
                    throw new UnsupportedInvariantException("an array or sequence (" + t.text + "[..]), not an int invariant");
                }
                if (!at("(") || peek(1).text.equals("mod")) {
                    if (t.text.equals("null") || t.text.equals("true") || t.text.equals("false")) {
                        throw new UnsupportedInvariantException("'" + t.text + "' is not an int value");
                    }
                    return new DaikonTerm.Var(t.text, false);
                }
                next();
                List<DaikonTerm> args = new ArrayList<>();
                if (!at(")")) {
                    args.add(term());
                    while (at(",")) {
                        next();
                        args.add(term());
                    }
                }
                expect(")");
                if (t.text.equals("orig")) {
                    if (args.size() != 1) {
                        throw new UnsupportedInvariantException("orig(..) with " + args.size() + " arguments");
                    }
                    return orig(args.get(0));
                }
                return new DaikonTerm.Call(t.text, args);
            case OP:
                if (t.text.equals("(")) {
                    DaikonTerm inner = term();
                    expect(")");
                    return inner;
                }
                if (t.text.equals("[") || t.text.equals("{")) {
                    throw new UnsupportedInvariantException("an array or set value, not an int invariant");
                }
                throw unexpected(t, "a term");
            default:
                throw unexpected(t, "a term");
        }
    }

    /** {@code orig(t)}: t with every variable read at the ENTER point. */
    private static DaikonTerm orig(DaikonTerm t) {
        if (t instanceof DaikonTerm.Var v) {
            if (v.orig()) {
                throw new UnsupportedInvariantException("orig(..) inside orig(..)");
            }
            return new DaikonTerm.Var(v.name(), true);
        }
        if (t instanceof DaikonTerm.Unary u) {
            return new DaikonTerm.Unary(u.op(), orig(u.operand()));
        }
        if (t instanceof DaikonTerm.Binary b) {
            return new DaikonTerm.Binary(b.op(), orig(b.left()), orig(b.right()));
        }
        if (t instanceof DaikonTerm.Call c) {
            return new DaikonTerm.Call(c.function(), c.args().stream().map(InvariantParser::orig).toList());
        }
        return t;
    }
}
