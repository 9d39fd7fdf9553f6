package pdpv.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import pdpv.cfg.Block;
import pdpv.cfg.Expr;
import pdpv.cfg.Program;
import pdpv.cfg.Stmt;
import pdpv.cfg.Terminator;
import pdpv.cfg.Variable;
import pdpv.semantics.BinaryOp;
import pdpv.semantics.CType;
import pdpv.semantics.UnaryOp;
import pdpv.semantics.UndefinedBehaviour;
import pdpv.frontend.IrEvaluator.End;
import pdpv.frontend.IrEvaluator.Outcome;

/** One small C program per convention of the design page ("C semantics"), checked by running the IR. */
class LoweringTest {

    private static void assertSafe(String source, long... inputs) {
        Outcome o = Lower.run(source, inputs);
        assertEquals(End.RETURN, o.end(), () -> "failed: " + o.failed() + "\n" + Lower.c(source));
    }

    private static List<Stmt> statements(Program p) {
        return p.blocks().stream().flatMap(b -> b.statements().stream()).toList();
    }

    private static Variable variable(Program p, String name) {
        return p.variables().stream().filter(v -> v.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name));
    }

    @Test
    void integerTypesConvertOnAssignment() {
        assertSafe("""
                int main() {
                  char c = 200; unsigned char uc = 200; signed char sc = -1; short s = 70000;
                  unsigned short us = -1; unsigned u = -1; long l = 2147483647; long long ll = 1LL << 40;
                  unsigned long long ull = -1; _Bool b = 5; _Bool z = 0;
                  assert(c == -56); assert(uc == 200); assert(sc == -1); assert(s == 4464);
                  assert(us == 65535); assert(u == 4294967295U); assert(l + 1 < 0); assert(ll == 1099511627776LL);
                  assert(ull == 18446744073709551615ULL); assert(b == 1); assert(z == 0);
                  assert(u > 0); assert((-1 < 0u) == 0); assert(-1 < 0); assert((unsigned char) 300 == 44);
                  assert((short) 40000 == -25536); assert((_Bool) 256 == 1);
                  return 0;
                }
                """);
    }

    @Test
    void unsignedComparisonIsAFailingAssertion() {
        Outcome o = Lower.run("int main() { assert(-1 < 0u); return 0; }");
        assertEquals(End.ASSERTION_FAILED, o.end());
        assertEquals("-1 < 0u", o.failed().text());
    }

    @Test
    void literalsFollowCTypingRules() {
        Program p = Lower.c("""
                int main() {
                  long long a = 2147483648; unsigned b = 0x80000000; long long c = 4294967296;
                  assert(2147483648 > 0); assert(-2147483648 < 0); assert(0xFFFFFFFF == -1); assert(0x7fffffff > 0);
                  assert(010 == 8); assert(0x1F == 31); assert(10U / 3 == 3); assert(5L == 5); assert(1ul == 1);
                  assert('a' == 97); assert('\\xff' == -1); assert('\\n' == 10); assert('\\0' == 0); assert('\\377' == -1);
                  assert(sizeof(int) == 4); assert(sizeof(char) == 1); assert(sizeof(long) == 4);
                  assert(sizeof(long long) == 8); assert(sizeof a == 8); assert(sizeof(short) == 2);
                  return 0;
                }
                """);
        assertEquals(End.RETURN, IrEvaluator.run(p).end(), () -> IrEvaluator.run(p).failed() + "");
        Stmt.Assign b = (Stmt.Assign) statements(p).get(1);
        assertEquals(CType.unsignedInt(), b.value().type());
        Stmt.Assign a = (Stmt.Assign) statements(p).get(0);
        assertEquals(CType.Kind.LONG_LONG, a.value().type().kind());
    }

    @Test
    void dataModelLp64MakesLong64Bits() {
        Program p = Lower.lp64("int main() { long x = 1L << 40; assert(sizeof(long) == 8); assert(x > 0); return 0; }");
        assertEquals(End.RETURN, IrEvaluator.run(p).end());
        assertEquals(64, variable(p, "x").type().width());
    }

    @Test
    void typedefsEnumsAndQualifiers() {
        assertSafe("""
                typedef unsigned int uint;
                typedef uint counter;
                enum color { RED, GREEN = 5, BLUE };
                int main() {
                  counter x = BLUE; enum color c = GREEN; const int k = 3; long __const m = 4; volatile short v = 2;
                  assert(x == 6); assert(c == 5); assert(RED == 0); assert(k + m + v == 9);
                  return 0;
                }
                """);
    }

    @Test
    void gnuExtensions() {
        assertSafe("""
                extern int f(int) __attribute__ ((__nothrow__));
                int main() {
                  int y = __extension__ ({ int t = 3; t + 1; });
                  __extension__ int z = 2;
                  assert(y == 4); assert(z == 2);
                  return 0;
                }
                """);
    }

    @Test
    void globalsAreZeroOrInputs() {
        String source = "int g; int h = 5; int main() { assert(g == 0); assert(h == 5); return 0; }";
        assertEquals(End.RETURN, IrEvaluator.run(Lower.c(source, false)).end());
        Program nondet = Lower.c(source, true);
        Outcome o = IrEvaluator.run(nondet, 7);
        assertEquals(End.ASSERTION_FAILED, o.end());
        assertEquals(List.of("global g"), o.inputs());
        Stmt first = nondet.entry().statements().get(0);
        assertTrue(first instanceof Stmt.Havoc h && h.reason() == Stmt.Havoc.Reason.INPUT);
    }

    @Test
    void externDeclarationsNameGlobals() {
        String source = """
                extern int e;
                int main() { extern int h; int x = h; assert(e == 0); assert(x == 0); return 0; }
                int e;
                """;
        assertEquals(End.RETURN, IrEvaluator.run(Lower.c(source, false)).end());
        Outcome o = IrEvaluator.run(Lower.c(source, true), 3, 4);
        assertEquals(List.of("global e", "global h"), o.inputs());
        assertEquals(End.ASSERTION_FAILED, o.end());
    }

    @Test
    void blockScopeExternRefersToTheFileScopeGlobal() {
        Program p = Lower.c("int x; int main() { int x = 2; { extern int x; x = 3; } assert(x == 2); return x; }");
        Outcome o = IrEvaluator.run(p);
        assertEquals(End.RETURN, o.end());
        assertEquals(3, o.value("x"));
        assertEquals(2, p.variables().size());
    }

    @Test
    void constantConditionsBecomeJumps() {
        Program p = Lower.c("int main() { int i = 0; while (1) { if (0) i = 5; i++; if (i > 3) break; } return 0; }");
        long branches = p.blocks().stream().filter(b -> b.terminator() instanceof Terminator.Branch).count();
        assertEquals(1, branches);
    }

    @Test
    void uninitializedLocalIsFreshEachTimeItsDeclarationRuns() {
        Outcome o = Lower.run("int main() { int i = 0; while (i < 3) { int x; i++; } return 0; }");
        assertEquals(End.RETURN, o.end());
        assertEquals(3, o.uninitializedReads());
    }

    @Test
    void staticLocalsKeepTheirValueAcrossInlinedCalls() {
        assertSafe("""
                int f() { static int n; static int m = 10; n++; m++; return n + m; }
                int main() { f(); int r = f(); assert(r == 14); return 0; }
                """);
    }

    @Test
    void assignmentsAndIncrements() {
        assertSafe("""
                int main() {
                  int x = 5; int y = x++; assert(y == 5); assert(x == 6);
                  y = ++x; assert(y == 7); y = x--; assert(y == 7); assert(x == 6); y = --x; assert(y == 5);
                  x += 3; assert(x == 8); x -= 1; x *= 2; assert(x == 14); x /= 3; assert(x == 4);
                  x %= 3; assert(x == 1); x <<= 4; assert(x == 16); x >>= 2; assert(x == 4);
                  x |= 3; assert(x == 7); x &= 5; assert(x == 5); x ^= 1; assert(x == 4);
                  unsigned char c = 255; c++; assert(c == 0); c += 300; assert(c == 44);
                  _Bool b = 0; b--; assert(b == 1); b++; assert(b == 1);
                  int a, d; a = d = 3; assert(a == 3); assert(d == 3);
                  return 0;
                }
                """);
    }

    @Test
    void arithmeticBitwiseShiftsAndComparisons() {
        assertSafe("""
                int main() {
                  int x = 7; unsigned u = 7; int m = -7;
                  assert(x / 2 == 3); assert(m / 2 == -3); assert(m % 2 == -1); assert(-x == m);
                  assert((~0) == -1); assert((x & 3) == 3); assert((x | 8) == 15); assert((x ^ 1) == 6);
                  assert((m >> 1) == -4); assert((u >> 1) == 3); assert((1 << 31) < 0);
                  assert((unsigned char) 1 << 8 == 256); assert(2147483647 + 1 < 0);
                  assert((x > 3) + (x < 3) + (x >= 7) + (x <= 6) + (x != 7) + (x == 7) == 3);
                  assert(!x == 0); assert(!!x == 1); assert(+x == 7);
                  return 0;
                }
                """);
    }

    @Test
    void shiftConvertsRightOperandToPromotedLeftType() {
        Program p = Lower.c("int main() { char c = 1; long long r = c << 3LL; return 0; }");
        Stmt.Assign r = (Stmt.Assign) statements(p).get(1);
        Expr.Binary shift = (Expr.Binary) ((Expr.Cast) r.value()).operand();
        assertEquals(BinaryOp.SHL, shift.op());
        assertEquals(CType.signedInt(), shift.type());
        assertEquals(CType.signedInt(), shift.right().type());
    }

    @Test
    void comparisonOperandsAreConvertedAndNotYieldsInt() {
        Program p = Lower.c("int main() { unsigned u = 1; int i = -1; int r = i < u; int n = !u; return 0; }");
        Stmt.Assign r = (Stmt.Assign) statements(p).get(2);
        Expr.Binary lt = (Expr.Binary) r.value();
        assertEquals(CType.unsignedInt(), lt.operandType());
        assertEquals(CType.signedInt(), lt.type());
        Stmt.Assign n = (Stmt.Assign) statements(p).get(3);
        assertEquals(new Expr.Unary(UnaryOp.LOG_NOT, new Expr.VarRef(variable(p, "u")), CType.signedInt()), n.value());
    }

    @Test
    void shortCircuitKeepsSideEffectsConditional() {
        assertSafe("""
                int g;
                int inc() { g++; return 1; }
                int main() {
                  int x = 0;
                  if (x != 0 && inc()) { x = 5; }
                  assert(g == 0);
                  if (x == 0 || inc()) { x = 6; }
                  assert(g == 0); assert(x == 6);
                  int a = x || (g = 1); assert(a == 1); assert(g == 0);
                  int b = x && (g = 2); assert(b == 1); assert(g == 2);
                  int c = 0 && inc(); assert(c == 0); assert(g == 2);
                  return 0;
                }
                """);
    }

    @Test
    void shortCircuitDoesNotReadInputsItSkips() {
        Outcome o = Lower.run("int main() { int x = __VERIFIER_nondet_int(); if (x && __VERIFIER_nondet_int()) x = 2; return 0; }", 0, 9);
        assertEquals(List.of("__VERIFIER_nondet_int()"), o.inputs());
        Outcome both = Lower.run("int main() { int x = __VERIFIER_nondet_int(); if (x && __VERIFIER_nondet_int()) x = 2; return 0; }", 1, 9);
        assertEquals(2, both.inputs().size());
        assertEquals(2, both.value("x"));
    }

    @Test
    void pureLogicalOperatorsAreBitwiseOnTruthValues() {
        Program p = Lower.c("int main() { int x = 1, y = 2; int r = x && y; return 0; }");
        Stmt.Assign r = (Stmt.Assign) statements(p).get(2);
        Expr.Binary and = (Expr.Binary) r.value();
        assertEquals(BinaryOp.AND, and.op());
        assertEquals(BinaryOp.NE, ((Expr.Binary) and.left()).op());
    }

    @Test
    void conditionalExpressions() {
        Program pure = Lower.c("int main() { int c = 1; long long r = c ? 2 : 3LL; return 0; }");
        Stmt.Assign r = (Stmt.Assign) statements(pure).get(1);
        assertTrue(r.value() instanceof Expr.Ite ite && ite.type().kind() == CType.Kind.LONG_LONG);
        assertSafe("""
                int g;
                int main() {
                  int c = 0;
                  int y = c ? (g = 1) : 2; assert(y == 2); assert(g == 0);
                  c = 1; y = c ? (g = 3) : (g = 4); assert(y == 3); assert(g == 3);
                  c ? g++ : g--; assert(g == 4);
                  return 0;
                }
                """);
    }

    @Test
    void gnuConditionalWithoutMiddleOperand() {
        assertSafe("""
                int g;
                int main() {
                  int x = 0; int y = x ?: 7; assert(y == 7);
                  x = 3; y = x ?: 7; assert(y == 3);
                  y = x ?: (g = 1); assert(y == 3); assert(g == 0);
                  x = 0; y = x ?: (g = 2); assert(y == 2); assert(g == 2);
                  return 0;
                }
                """);
    }

    @Test
    void commaExpressions() {
        assertSafe("int g; int main() { int x; x = (g = 3, g + 1); assert(x == 4); for (x = 0, g = 0; x < 3; x++, g += 2); assert(g == 6); return 0; }");
    }

    @Test
    void loopsWithBreakAndContinue() {
        assertSafe("""
                int main() {
                  int i = 0, s = 0;
                  while (1) { i++; if (i % 2) continue; if (i > 6) break; s += i; }
                  assert(s == 12); assert(i == 8);
                  int d = 0; do { d++; } while (d < 5); assert(d == 5);
                  int e = 10; do { e++; } while (0); assert(e == 11);
                  int t = 0; for (int k = 0; k < 10; k++) { if (k == 5) break; if (k == 1) continue; t += k; }
                  assert(t == 9);
                  for (;;) { t++; if (t > 20) break; } assert(t == 21);
                  ;
                  { { } }
                  return 0;
                }
                """);
    }

    @Test
    void switchWithFallthroughAndDefault() {
        String source = """
                int main() {
                  int x = __VERIFIER_nondet_int(); int r = 0;
                  switch (x) {
                    case 1: r += 1;
                    case 2: r += 2; break;
                    case 3: r = 30;
                    default: r += 100;
                    case -1: r += 1000;
                  }
                  return 0;
                }
                """;
        Program p = Lower.c(source);
        assertEquals(3, IrEvaluator.run(p, 1).value("r"));
        assertEquals(2, IrEvaluator.run(p, 2).value("r"));
        assertEquals(1130, IrEvaluator.run(p, 3).value("r"));
        assertEquals(1100, IrEvaluator.run(p, 5).value("r"));
        assertEquals(1000, IrEvaluator.run(p, -1).value("r"));
        Program noDefault = Lower.c("int main() { int x = __VERIFIER_nondet_int(); int r = 0; switch (x) { case 1: r = 1; break; } return 0; }");
        assertEquals(0, IrEvaluator.run(noDefault, 4).value("r"));
        assertEquals(1, IrEvaluator.run(noDefault, 1).value("r"));
    }

    @Test
    void gotoLoopsAndLabels() {
        assertSafe("""
                int main() {
                  int i = 0;
                L: i++;
                  if (i < 5) goto L;
                  assert(i == 5);
                  goto END;
                  i = 100;
                END:
                  assert(i == 5);
                  return 0;
                }
                """);
    }

    @Test
    void invgenAssumeByGotoIsControlFlow() {
        Outcome o = Lower.run("int main() { int n; if (n > 0); else goto END; assert(n > 0); END: return 0; }");
        assertEquals(End.RETURN, o.end());
    }

    @Test
    void errorLabelIsAnAssertion() {
        String source = "int main() { int x = __VERIFIER_nondet_int(); if (x) { ERROR: goto ERROR; } return 0; }";
        Outcome bad = Lower.run(source, 1);
        assertEquals(End.ASSERTION_FAILED, bad.end());
        assertEquals("ERROR label", bad.failed().text());
        assertEquals(End.RETURN, Lower.run(source, 0).end());
    }

    @Test
    void inliningTwoCallsRenamesLocals() {
        Program p = Lower.c("""
                int add(int a, int b) { a += b; int t = a; return t; }
                int main() { int r = add(1, 2) + add(3, 4); assert(r == 10); return 0; }
                """);
        assertEquals(End.RETURN, IrEvaluator.run(p).end());
        Set<String> names = p.variables().stream().map(Variable::name).collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("add::a", "add::a#2", "add::t", "add::t#2")), names::toString);
        assertEquals("a", variable(p, "add::a#2").sourceName());
        assertEquals(Variable.Kind.PARAMETER, variable(p, "add::a#2").kind());
        assertEquals(Variable.Kind.LOCAL, variable(p, "add::t#2").kind());
    }

    /**
     * A parameter the callee never assigns is its argument's value when nothing the argument reads
     * can change while the callee runs (a caller's local, or a global no function on the way
     * assigns): no variable for the copy. Otherwise, and for a parameter the body assigns, a copy.
     */
    @Test
    void readOnlyParametersAreTheirArguments() {
        Program p = Lower.c("""
                int twice(int a) { return a + a; }
                int main() { int x = __VERIFIER_nondet_int(); assert(twice(x) == 2 * x); return 0; }
                """);
        assertTrue(p.variables().stream().noneMatch(v -> v.name().equals("twice::a")), p.variables()::toString);
        assertSafe("""
                int g;
                void inc(void) { g++; }
                int direct(int v) { g = g + 1; return v; }
                int indirect(int v) { inc(); return v; }
                int main() { g = 5; assert(direct(g) == 5); assert(indirect(g) == 6); assert(g == 7); return 0; }
                """);
        Program copies = Lower.c("""
                int g;
                int direct(int v) { g = g + 1; return v; }
                int main() { return direct(g); }
                """);
        assertTrue(copies.variables().stream().anyMatch(v -> v.name().equals("direct::v")), copies.variables()::toString);
        Program overflow = WellTyped.check(FrontEnd.parse("t.c", """
                void ignore(int v) { }
                int main() { int x = __VERIFIER_nondet_int(); ignore(x + 1); return 0; }
                """, new FrontEndOptions("main", pdpv.semantics.DataModel.ILP32, false,
                        pdpv.semantics.UbReadings.forC().with(UndefinedBehaviour.SIGNED_OVERFLOW, pdpv.semantics.UbReading.ERROR), false)));
        assertTrue(statements(overflow).stream().anyMatch(st -> st instanceof Stmt.Assert a
                && a.text().equals(UndefinedBehaviour.SIGNED_OVERFLOW.assertionText()) && a.loc().line() == 2),
                () -> "the argument's overflow is checked at the call, though the callee never reads it:\n" + overflow);
    }

    @Test
    void inlinedReturnsJumpToTheContinuation() {
        assertSafe("""
                unsigned char clamp(int x) { if (x > 255) return 255; if (x < 0) { return 0; } return x; }
                void touch(int *unused);
                int g;
                void set(int v) { if (v) { g = v; return; } g = -1; }
                int main() {
                  assert(clamp(300) == 255); assert(clamp(-5) == 0); assert(clamp(7) == 7);
                  set(0); assert(g == -1); set(4); assert(g == 4);
                  return 0;
                }
                """);
    }

    @Test
    void onlyAFunctionThatCanFallOffItsEndLeavesAnIndeterminateResult() {
        Program always = Lower.c("int f(int x) { if (x) return 1; return 2; } int main() { return f(3); }");
        assertTrue(statements(always).stream().noneMatch(s -> s instanceof Stmt.Havoc),
                () -> "no havoc when every path returns:\n" + always);
        Program fallsOff = Lower.c("int f(int x) { if (x) return 1; } int main() { return f(0); }");
        assertTrue(statements(fallsOff).stream().anyMatch(s -> s instanceof Stmt.Havoc h
                && h.reason() == Stmt.Havoc.Reason.UNINITIALIZED && h.description().contains("without return")),
                () -> "falling off the end reads an indeterminate result:\n" + fallsOff);
    }

    @Test
    void functionsCalledBeforeDefinitionAndKnrStyle() {
        assertSafe("""
                int g();
                int h(x) int x; { return x * 2; }
                main() { assert(g(5) == 6); assert(h(4) == 8); assert(later() == 1); return 0; }
                int g(int x) { return x + 1; }
                int later(void) { return 1; }
                """);
        Program voidMain = Lower.c("void main() {\n  int x = 1;\n}\n");
        assertEquals(End.RETURN, IrEvaluator.run(voidMain).end());
        Terminator.Halt halt = (Terminator.Halt) voidMain.blocks().get(voidMain.blocks().size() - 1).terminator();
        assertEquals(new pdpv.cfg.SourceLoc("t.c", 3, 1), halt.loc());
    }

    @Test
    void inputsFromNondetAndBodylessFunctions() {
        Program p = Lower.c("""
                extern char __VERIFIER_nondet_int(void);
                int NONDET;
                int g;
                int main() {
                  int a = __VERIFIER_nondet_int();
                  unsigned b = __VERIFIER_nondet_uint();
                  int c = nondet_foo();
                  int d = unknown1();
                  int e = undeclared(1, g++, "text");
                  tmpl("(le(x,y))");
                  struct opaque *handle(int);
                  handle(g++);
                  int f = NONDET + NONDET;
                  return 0;
                }
                """);
        Outcome o = IrEvaluator.run(p, 300, -1, 3, 4, 5, 6, 7);
        assertEquals(List.of("__VERIFIER_nondet_int()", "__VERIFIER_nondet_uint()", "nondet_foo()", "unknown1()",
                "undeclared(1, g++, \"text\")", "NONDET", "NONDET"), o.inputs());
        assertEquals(44, o.value("a"));
        assertEquals(4294967295L, o.value("b"));
        assertEquals(2, o.value("g"));
        assertEquals(13, o.value("f"));
        Stmt.Havoc first = (Stmt.Havoc) statements(p).stream().filter(s -> s instanceof Stmt.Havoc h
                && h.description().startsWith("__VERIFIER_nondet_int")).findFirst().orElseThrow();
        assertEquals(CType.Kind.CHAR, first.target().type().kind());
    }

    @Test
    void entryParametersAreInputs() {
        Program p = FrontEnd.parse("t.c", "int f(int a, unsigned short b) { assert(a + b != 10); return 0; }",
                new FrontEndOptions("f", pdpv.semantics.DataModel.ILP32, false));
        Outcome o = IrEvaluator.run(p, 4, 6);
        assertEquals(List.of("parameter a", "parameter b"), o.inputs());
        assertEquals(End.ASSERTION_FAILED, o.end());
        assertEquals(Variable.Kind.PARAMETER, variable(p, "a").kind());
        Outcome argc = Lower.run("int main(int argc, char *argv[]) { assert(argc != 3); return 0; }", 3);
        assertEquals(End.ASSERTION_FAILED, argc.end());
    }

    /**
     * A function the program defines is the program's, whatever its name (issue #18): its body runs
     * instead of the input, assumption, assertion or abort convention its name suggests. Each
     * program reads no input and ends as its definitions say (on the old main each ended otherwise).
     */
    @Test
    void definedFunctionsWithConventionNamesRunTheirBodies() {
        String g = "int g = 0;\n";
        assertEquals(End.ASSERTION_FAILED, Lower.run(g + """
                int unknown_step(void) { g = 1; return 0; }
                int main(void) { unknown_step(); __VERIFIER_assert(g == 0); return 0; }
                """).end());
        for (String input : List.of("nondet_value", "nondet", "unknown", "unknown1", "__VERIFIER_nondet_int", "__VERIFIER_nondet_uint")) {
            Outcome o = Lower.run("int " + input + "(void) { return 7; }\nint main(void) { int x = " + input
                    + "(); assert(x == 7); return 0; }");
            assertEquals(End.RETURN, o.end(), input);
            assertEquals(List.of(), o.inputs(), input);
        }
        for (String assume : List.of("assume", "__VERIFIER_assume", "assume_abort_if_not")) {
            assertEquals(End.ASSERTION_FAILED, Lower.run(g + "void " + assume + "(int c) { g = c; }\nint main(void) { "
                    + assume + "(0); assert(g == 1); return 0; }").end(), assume);
        }
        for (String check : List.of("__VERIFIER_assert", "assert")) {
            assertEquals(End.RETURN, Lower.run(g + "void " + check + "(int c) { g = !c; }\nint main(void) { " + check
                    + "(0); if (g != 1) reach_error(); return 0; }").end(), check);
        }
        assertEquals(End.RETURN, Lower.run("void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) { }\n"
                + "int main(void) { __assert_fail(\"0\", \"t.c\", 1, \"main\"); return 0; }").end());
        for (String end : List.of("abort(void)", "exit(int c)")) {
            String call = end.startsWith("abort") ? "abort()" : "exit(1)";
            assertEquals(End.ASSERTION_FAILED, Lower.run("void " + end + " { }\nint main(void) { " + call
                    + "; __VERIFIER_assert(0); return 0; }").end(), end);
        }
    }

    /**
     * The calls of SV-COMP's property, {@code reach_error()} and {@code __VERIFIER_error()}, are
     * violations whether or not the program defines them (unreach-call is "never called"); a label
     * {@code ERROR} is one only in a program that declares neither (the old unreach-label tasks).
     */
    @Test
    void assertionFunctions() {
        String source = """
                void reach_error() { }
                void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: reach_error(); } }
                int main() {
                  int k = __VERIFIER_nondet_int();
                  if (k == 1) __VERIFIER_assert(k == 2);
                  if (k == 2) __VERIFIER_error();
                  if (k == 3) __assert_fail("k", "t.c", 3, __PRETTY_FUNCTION__);
                  if (k == 4) reach_error();
                  if (k == 5) assert(k + 1 == 5);
                  return 0;
                }
                """;
        Program p = Lower.c(source);
        Stmt.Assert inAssert = IrEvaluator.run(p, 1).failed();
        assertEquals("reach_error()", inAssert.text());
        assertEquals(2, inAssert.loc().line());
        assertEquals("__VERIFIER_assert(k == 2)", inAssert.callers().get(0).text());
        assertEquals(5, inAssert.callers().get(0).loc().line());
        assertEquals("__VERIFIER_error()", IrEvaluator.run(p, 2).failed().text());
        assertEquals("k", IrEvaluator.run(p, 3).failed().text());
        assertEquals("reach_error()", IrEvaluator.run(p, 4).failed().text());
        assertEquals("k + 1 == 5", IrEvaluator.run(p, 5).failed().text());
        assertEquals(End.RETURN, IrEvaluator.run(p, 6).end());
        for (Block b : p.blocks()) {
            for (int i = 0; i < b.statements().size() - 1; i++) {
                assertFalse(b.statements().get(i) instanceof Stmt.Assert);
            }
        }
    }

    /**
     * SV-COMP's own {@code __VERIFIER_assert}, inlined as {@code if (!(cond)) reach_error();}, is
     * one assertion of its condition again (ErrorBranches), located at the {@code reach_error()}
     * call with its caller; a loop whose exit only fails keeps its branch at the head.
     */
    @Test
    void aBranchIntoAFailingCallIsAnAssertionOfItsCondition() {
        Program p = Lower.c("""
                void reach_error() { }
                void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); } }
                int main() {
                  unsigned x = __VERIFIER_nondet_uint();
                  __VERIFIER_assert(x != 3);
                  while (x < 10) x++;
                  reach_error();
                  return 0;
                }
                """);
        List<Stmt.Assert> asserts = new ArrayList<>();
        for (Block b : p.blocks()) {
            for (Stmt s : b.statements()) {
                if (s instanceof Stmt.Assert a) {
                    asserts.add(a);
                }
            }
        }
        Stmt.Assert folded = asserts.stream().filter(a -> !(a.condition() instanceof Expr.Const)).findFirst().orElseThrow();
        assertEquals("reach_error()", folded.text());
        assertEquals(2, folded.loc().line());
        assertEquals("__VERIFIER_assert(x != 3)", folded.callers().get(0).text());
        Stmt.Assert failed = IrEvaluator.run(p, 3).failed();
        assertEquals(2, failed.loc().line());
        assertEquals(7, IrEvaluator.run(p, 4).failed().loc().line());
        assertTrue(p.blocks().stream().anyMatch(b -> b.loopStatement() != null && b.terminator() instanceof Terminator.Branch));
    }

    @Test
    void assertWorksWithAndWithoutHeader() {
        for (String include : List.of("#include <assert.h>\n", "#include \"assert.h\"\n", "")) {
            Outcome o = Lower.run(include + "int main() { int x = 1; assert(x == 2); return 0; }");
            assertEquals(End.ASSERTION_FAILED, o.end(), include);
            assertEquals(include.isEmpty() ? 1 : 2, o.failed().loc().line());
        }
    }

    @Test
    void ndebugDisablesAssertAndUserMacrosSurviveTheHeader() {
        assertEquals(End.RETURN, Lower.run("#define NDEBUG\n#include <assert.h>\nint main() { assert(0); return 0; }").end());
        Outcome o = Lower.run("#define assert(e) __VERIFIER_assert(e)\n#include <assert.h>\nint main() { assert(1 == 2); return 0; }");
        assertEquals(End.ASSERTION_FAILED, o.end());
    }

    @Test
    void assumptionsAbortAndExit() {
        String source = """
                #include <stdlib.h>
                int main() {
                  int k = __VERIFIER_nondet_int();
                  __VERIFIER_assume(k > 0); assume_abort_if_not(k > 1); assume(k > 2);
                  if (k == 3) abort();
                  if (k == 4) exit(0);
                  return 0;
                }
                """;
        Program p = Lower.c(source);
        assertEquals(End.ASSUMPTION_FAILED, IrEvaluator.run(p, 0).end());
        assertEquals(End.ASSUMPTION_FAILED, IrEvaluator.run(p, 1).end());
        assertEquals(End.ASSUMPTION_FAILED, IrEvaluator.run(p, 2).end());
        assertEquals(End.ABORT, IrEvaluator.run(p, 3).end());
        assertEquals(End.EXIT, IrEvaluator.run(p, 4).end());
        assertEquals(End.RETURN, IrEvaluator.run(p, 5).end());
    }

    @Test
    void builtinHeadersProvideLimitsAndBool() {
        assertSafe("""
                #include <limits.h>
                #include <stdbool.h>
                #include <stdint.h>
                #include <stdio.h>
                #include <string.h>
                int main() {
                  int m = INT_MAX; bool b = true; uint8_t u = 256; int64_t w = LLONG_MAX;
                  assert(m + 1 == INT_MIN); assert(b); assert(u == 0); assert(UINT_MAX == -1); assert(w > 0);
                  assert(LONG_MAX == INT_MAX); assert(CHAR_MIN == -128);
                  printf("%d\\n", m);
                  return 0;
                }
                """);
    }

    @Test
    void identifiersAreUnique() {
        Program p = Lower.c("""
                int x;
                int f(int x) { int y = x; { int x = 2; y += x; } return y; }
                int main() { int x = 1; { int x = 3; x++; } x = f(x) + f(2); return x; }
                """);
        assertEquals(p.variables().size(), p.variables().stream().map(Variable::name).distinct().count());
        for (int i = 0; i < p.variables().size(); i++) {
            assertEquals(i, p.variables().get(i).id());
        }
        assertEquals(p.blocks().size(), p.blocks().stream().map(Block::id).distinct().count());
        assertTrue(p.blocks().stream().allMatch(b -> b.terminator() != null));
        assertTrue(p.blocks().stream().anyMatch(b -> b.terminator() instanceof Terminator.Halt));
    }
}
