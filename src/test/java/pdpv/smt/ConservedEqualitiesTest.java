package pdpv.smt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.microsoft.z3.BitVecExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ConservedEqualities} against the solver on small widths: whatever it calls conserved is
 * preserved by the step for every value (checked exhaustively by Z3 at 8 bits), the nla-digbench
 * loops it is for are recognized, and every lemma of {@link ConservedEqualities#normalForms} is
 * valid.
 */
class ConservedEqualitiesTest {
    @Test
    void sumOfSquaresLoopConservesItsCubicEquality() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 64);
            BitVecExpr y = ctx.mkBVConst("y", 64);
            // ps3: y = y + 1; x = y * y + x
            BitVecExpr y1 = ctx.mkBVAdd(y, ctx.mkBV(1, 64));
            BitVecExpr x1 = ctx.mkBVAdd(ctx.mkBVMul(y1, y1), x);
            BitVecExpr six = ctx.mkBV(6, 64);
            BitVecExpr p = ctx.mkBVSub(ctx.mkBVSub(ctx.mkBVSub(ctx.mkBVMul(six, x),
                    ctx.mkBVMul(ctx.mkBVMul(ctx.mkBVMul(ctx.mkBV(2, 64), y), y), y)),
                    ctx.mkBVMul(ctx.mkBVMul(ctx.mkBV(3, 64), y), y)), y);
            BoolExpr inv = ctx.mkEq(p, ctx.mkBV(0, 64));
            Expr<?>[] from = {x, y};
            Expr<?>[] to = {x1, y1};
            assertTrue(ConservedEqualities.preserved(inv, from, to));
            assertTrue(ConservedEqualities.preserved(ctx.mkImplies(ctx.mkBVSLE(y, six), inv), new Expr<?>[] {x}, new Expr<?>[] {x})
                    , "a literal the step leaves alone is preserved");
            assertFalse(ConservedEqualities.preserved(ctx.mkEq(x, ctx.mkBVMul(y, y)), from, to), "x == y*y is not conserved");
            assertFalse(ConservedEqualities.preserved(ctx.mkBVSLE(y, six), from, to), "a bound on y changes with y");
        }
    }

    @Test
    void branchingStepIsConservedOnEveryBranch() {
        try (Context ctx = new Context()) {
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr u = ctx.mkBVConst("u", 8);
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BoolExpr c = ctx.mkBVSGT(x, y);
            // lcm-like, at 8 bits so that the solver can confirm it: if (x > y) { x -= y; v += u; } else { y -= x; u += v; }   x*u + y*v is conserved
            Expr<?>[] from = {x, y, u, v};
            Expr<?>[] to = {ctx.mkITE(c, ctx.mkBVSub(x, y), x), ctx.mkITE(c, y, ctx.mkBVSub(y, x)),
                ctx.mkITE(c, u, ctx.mkBVAdd(u, v)), ctx.mkITE(c, ctx.mkBVAdd(v, u), v)};
            BitVecExpr k = ctx.mkBVConst("k", 8);
            BoolExpr inv = ctx.mkEq(ctx.mkBVAdd(ctx.mkBVMul(x, u), ctx.mkBVMul(y, v)), k);
            assertTrue(ConservedEqualities.preserved(inv, from, to));
            assertTrue(validStep(ctx, inv, from, to));
        }
    }

    /**
     * Random polynomial steps and equalities at 8 bits: every equality called conserved is
     * preserved for all values (the solver decides 8-bit products exhaustively), and some are.
     */
    @Test
    void conservedMeansPreservedOnRandomSteps() {
        Random random = new Random(19);
        int conserved = 0;
        try (Context ctx = new Context()) {
            BitVecExpr[] vars = {ctx.mkBVConst("a", 8), ctx.mkBVConst("b", 8), ctx.mkBVConst("c", 8)};
            for (int round = 0; round < 300; round++) {
                Expr<?>[] to = new Expr<?>[vars.length];
                for (int i = 0; i < vars.length; i++) {
                    // mostly translations, so that conserved quantities exist
                    to[i] = random.nextInt(3) == 0 ? randomTerm(ctx, vars, random, 2)
                            : ctx.mkBVAdd(vars[i], random.nextBoolean() ? ctx.mkBV(random.nextInt(5), 8) : vars[(i + 1) % vars.length]);
                }
                BoolExpr inv = ctx.mkEq(randomTerm(ctx, vars, random, 3), randomTerm(ctx, vars, random, 2));
                if (ConservedEqualities.preserved(inv, vars, to)) {
                    conserved++;
                    assertTrue(validStep(ctx, inv, vars, to), "called conserved but not preserved: " + inv + " under " + List.of(to));
                }
            }
        }
        assertTrue(conserved > 5, "only " + conserved + " conserved equalities among 300: the test checks too little");
    }

    @Test
    void normalFormLemmasAreValidAndRelateEqualPolynomials() {
        Random random = new Random(7);
        try (Context ctx = new Context()) {
            BitVecExpr[] vars = {ctx.mkBVConst("a", 8), ctx.mkBVConst("b", 8)};
            for (int round = 0; round < 100; round++) {
                BoolExpr f = ctx.mkEq(randomTerm(ctx, vars, random, 3), randomTerm(ctx, vars, random, 3));
                for (BoolExpr lemma : ConservedEqualities.normalForms(ctx, List.of(f))) {
                    Solver s = ctx.mkSolver();
                    s.add(ctx.mkNot(lemma));
                    assertEquals(Status.UNSATISFIABLE, s.check(), "not valid: " + lemma);
                }
            }
            // (a + b) * (a - b) == 0 and a*a == b*b share one normal form
            BitVecExpr a = vars[0];
            BitVecExpr b = vars[1];
            BoolExpr one = ctx.mkEq(ctx.mkBVMul(ctx.mkBVAdd(a, b), ctx.mkBVSub(a, b)), ctx.mkBV(0, 8));
            BoolExpr two = ctx.mkEq(ctx.mkBVMul(b, b), ctx.mkBVMul(a, a));
            List<BoolExpr> lemmas = ConservedEqualities.normalForms(ctx, List.of(one, two));
            assertEquals(2, lemmas.size(), lemmas.toString());
            assertEquals(lemmas.get(0).getArgs()[1], lemmas.get(1).getArgs()[1], "one canonical equality for both");
        }
    }

    @Test
    void cohensCubesAreConservedTogetherThoughNoneIsAlone() {
        try (Context ctx = new Context()) {
            BitVecExpr n = ctx.mkBVConst("n", 8);
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr z = ctx.mkBVConst("z", 8);
            BitVecExpr a = ctx.mkBVConst("a", 8);
            // cohencu: n = n + 1; x = x + y; y = y + z; z = z + 6
            Expr<?>[] from = {n, x, y, z};
            Expr<?>[] to = {ctx.mkBVAdd(n, bv(ctx, 1)), ctx.mkBVAdd(x, y), ctx.mkBVAdd(y, z), ctx.mkBVAdd(z, bv(ctx, 6))};
            BoolExpr cube = ctx.mkEq(x, ctx.mkBVMul(ctx.mkBVMul(n, n), n));
            BoolExpr square = ctx.mkEq(y, ctx.mkBVAdd(ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBVMul(bv(ctx, 3), n), n), ctx.mkBVMul(bv(ctx, 3), n)), bv(ctx, 1)));
            BoolExpr line = ctx.mkEq(ctx.mkBVAdd(ctx.mkBVMul(bv(ctx, 6), n), bv(ctx, 6)), z);
            BoolExpr wrong = ctx.mkEq(x, ctx.mkBVMul(n, n));
            assertFalse(ConservedEqualities.preserved(cube, from, to));
            assertFalse(ConservedEqualities.preserved(square, from, to));
            assertEquals(List.of(0, 1, 2), ConservedEqualities.together(List.of(cube, square, line, wrong), from, to));
            assertEquals(List.of(1), ConservedEqualities.together(List.of(cube, line), from, to), "the cube needs the square");
            BoolExpr all = ctx.mkAnd(cube, square, line);
            assertTrue(validStep(ctx, all, from, to));
            assertTrue(ConservedEqualities.implied(all, from, to));
            assertTrue(ConservedEqualities.implied(ctx.mkImplies(ctx.mkBVSLE(a, bv(ctx, 3)), all), from, to),
                    "a premise the step leaves alone");
            assertFalse(ConservedEqualities.implied(ctx.mkImplies(ctx.mkBVSLE(n, bv(ctx, 3)), all), from, to),
                    "a premise the step changes");
            assertFalse(ConservedEqualities.implied(ctx.mkAnd(cube, line), from, to));
            // conjuncts: the plain equalities are assumed where a premise's equalities are shown, not the other way round
            BoolExpr premised = ctx.mkImplies(ctx.mkBVSLE(a, bv(ctx, 3)), ctx.mkAnd(cube, square));
            assertEquals(List.of(line, premised), ConservedEqualities.impliedConjuncts(List.of(line, premised), from, to, List.of()));
            BoolExpr premisedLine = ctx.mkImplies(ctx.mkBVSLE(a, bv(ctx, 3)), line);
            assertEquals(List.of(premisedLine), ConservedEqualities.impliedConjuncts(List.of(cube, square, premisedLine), from, to, List.of()),
                    "the cube and the square need the line, which holds only under a premise");
        }
    }

    /** Every lemma of {@link ConservedEqualities#entailments} is valid (8 bits, Z3), and the invariant's cubes give the assertion's. */
    @Test
    void entailmentLemmasAreValid() {
        Random random = new Random(23);
        try (Context ctx = new Context()) {
            BitVecExpr n = ctx.mkBVConst("n", 8);
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr[] vars = {n, x, y};
            BoolExpr facts = ctx.mkAnd(ctx.mkEq(ctx.mkBVMul(n, y), ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBVMul(bv(ctx, 3), n), n),
                    ctx.mkBVAdd(n, ctx.mkBVMul(bv(ctx, 3), x)))),
                    ctx.mkEq(y, ctx.mkBVAdd(ctx.mkBVAdd(ctx.mkBVMul(ctx.mkBVMul(bv(ctx, 3), n), n), ctx.mkBVMul(bv(ctx, 3), n)), bv(ctx, 1))));
            BoolExpr cube = ctx.mkEq(x, ctx.mkBVMul(ctx.mkBVMul(n, n), n));
            List<BoolExpr> lemmas = ConservedEqualities.entailments(ctx, List.of(ctx.mkImplies(ctx.mkBVSLE(n, x), facts)), List.of(ctx.mkNot(cube)));
            assertEquals(List.of(ctx.mkImplies(facts, cube)), lemmas, "3x == 3n^3 and 3 is a unit");
            int shown = 0;
            for (int round = 0; round < 150; round++) {
                int i = random.nextInt(3);
                BitVecExpr[] others = {vars[(i + 1) % 3], vars[(i + 2) % 3]};
                BitVecExpr t = randomTerm(ctx, others, random, 2);
                BoolExpr set = ctx.mkAnd(ctx.mkEq(vars[i], t), ctx.mkEq(randomTerm(ctx, vars, random, 2), randomTerm(ctx, vars, random, 2)));
                // one goal follows from the first equality by substitution (most rounds), one is random
                BitVecExpr r = ctx.mkBVMul(randomTerm(ctx, vars, random, 2), vars[random.nextInt(3)]);
                List<BoolExpr> goals = List.of(ctx.mkEq(r, (BitVecExpr) r.substitute(vars[i], t)),
                        ctx.mkEq(ctx.mkBVMul(vars[random.nextInt(3)], vars[random.nextInt(3)]), randomTerm(ctx, vars, random, 2)));
                for (BoolExpr lemma : ConservedEqualities.entailments(ctx, List.of(set), goals)) {
                    shown++;
                    Solver s = ctx.mkSolver();
                    s.add(ctx.mkNot(lemma));
                    assertEquals(Status.UNSATISFIABLE, s.check(), "not valid: " + lemma);
                }
            }
            assertTrue(shown > 30, "only " + shown + " lemmas: the test checks too little");
        }
    }

    /** Fermat's {@code 4*(A+r) == u*u - v*v - 2*u + 2*v} at 8 bits, over the values {@code r, u, v}. */
    private static BoolExpr fermat(Context ctx, BitVecExpr a, BitVecExpr r, BitVecExpr u, BitVecExpr v) {
        BitVecExpr right = ctx.mkBVAdd(ctx.mkBVSub(ctx.mkBVSub(ctx.mkBVMul(u, u), ctx.mkBVMul(v, v)), ctx.mkBVMul(bv(ctx, 2), u)),
                ctx.mkBVMul(bv(ctx, 2), v));
        return ctx.mkEq(ctx.mkBVMul(bv(ctx, 4), ctx.mkBVAdd(a, r)), right);
    }

    /**
     * A step through a loop whose body has loops of its own: Fermat's outer loop ends its pass with
     * the values its second inner loop ends with, so its equality is conserved only given the inner
     * loops' invariants ({@code E(pre) ⇒ E(post)}, chained), which {@link ConservedEqualities#together}
     * takes as facts; the extended Euclid's outer loop conserves {@code b == x*q + y*s} only given
     * its inner loop's plain {@code a == k*b + c}. Without the facts, or with a broken chain, nothing
     * is shown; Fermat's step holds for all 8-bit values (Z3). The extended Euclid's step is only
     * shown, at 4 bits: Z3 took minutes to confirm its six products there; the random test below
     * confirms what the algebra keeps.
     */
    @Test
    void nestedLoopsInvariantsAreFactsOfTheStep() {
        try (Context ctx = new Context()) {
            BitVecExpr a = ctx.mkBVConst("A", 8);
            BitVecExpr[] pre = {ctx.mkBVConst("r", 8), ctx.mkBVConst("u", 8), ctx.mkBVConst("v", 8)};
            BitVecExpr[] mid = {ctx.mkBVConst("r1", 8), ctx.mkBVConst("u1", 8), ctx.mkBVConst("v1", 8)};
            BitVecExpr[] post = {ctx.mkBVConst("r2", 8), ctx.mkBVConst("u2", 8), ctx.mkBVConst("v2", 8)};
            BoolExpr e = fermat(ctx, a, pre[0], pre[1], pre[2]);
            BoolExpr e1 = fermat(ctx, a, mid[0], mid[1], mid[2]);
            BoolExpr e2 = fermat(ctx, a, post[0], post[1], post[2]);
            List<BoolExpr> chain = List.of(ctx.mkImplies(e, e1), ctx.mkAnd(ctx.mkBVSLE(mid[0], post[0]), ctx.mkImplies(e1, e2)));
            assertEquals(List.of(), ConservedEqualities.together(List.of(e), pre, post), "not without the inner loops' invariants");
            assertEquals(List.of(0), ConservedEqualities.together(List.of(e), pre, post, chain));
            assertTrue(validGiven(ctx, chain, e, pre, post));
            List<BoolExpr> broken = List.of(ctx.mkImplies(e, e1), ctx.mkImplies(ctx.mkEq(mid[0], pre[0]), e2));
            assertEquals(List.of(), ConservedEqualities.together(List.of(e), pre, post, broken), "a premise not shown gives nothing");
            assertFalse(validGiven(ctx, broken, e, pre, post));

            BitVecExpr x = ctx.mkBVConst("x", 4);
            BitVecExpr y = ctx.mkBVConst("y", 4);
            BitVecExpr[] s = {ctx.mkBVConst("a", 4), ctx.mkBVConst("b", 4), ctx.mkBVConst("p", 4), ctx.mkBVConst("q", 4),
                ctx.mkBVConst("rr", 4), ctx.mkBVConst("s", 4)};
            BitVecExpr k = ctx.mkBVConst("k", 4);
            BitVecExpr c = ctx.mkBVConst("c", 4);
            // a = b; b = c; p = q; q = p - q*k; r = s; s = r - s*k
            Expr<?>[] to = {s[1], c, s[3], ctx.mkBVSub(s[2], ctx.mkBVMul(s[3], k)), s[5], ctx.mkBVSub(s[4], ctx.mkBVMul(s[5], k))};
            BoolExpr first = ctx.mkEq(s[0], ctx.mkBVAdd(ctx.mkBVMul(y, s[4]), ctx.mkBVMul(x, s[2])));
            BoolExpr second = ctx.mkEq(s[1], ctx.mkBVAdd(ctx.mkBVMul(x, s[3]), ctx.mkBVMul(y, s[5])));
            List<BoolExpr> inner = List.of(ctx.mkEq(s[0], ctx.mkBVAdd(ctx.mkBVMul(k, s[1]), c)));
            assertEquals(List.of(), ConservedEqualities.together(List.of(first, second), s, to), "b's equality needs the inner loop's, and a's needs b's");
            assertEquals(List.of(0, 1), ConservedEqualities.together(List.of(first, second), s, to, inner));
        }
    }

    /**
     * Random chains of facts at 8 bits: a random polynomial equality E over {@code x, y, z}, a step
     * to fresh values through one or two "inner loops" whose facts are {@code E(pre) ⇒ E(post)},
     * sometimes broken (a premise over other values, a different polynomial), with random plain
     * facts and random candidates beside: whatever {@link ConservedEqualities#together} keeps holds
     * after the step, given the facts, for all values (Z3), and in many rounds E is kept.
     */
    @Test
    void conservedGivenFactsMeansPreservedOnRandomChains() {
        Random random = new Random(3119);
        int kept = 0;
        try (Context ctx = new Context()) {
            BitVecExpr[] pre = {ctx.mkBVConst("x", 8), ctx.mkBVConst("y", 8), ctx.mkBVConst("z", 8)};
            for (int round = 0; round < 40; round++) {
                BitVecExpr[] mid = {ctx.mkBVConst("x1_" + round, 8), ctx.mkBVConst("y1_" + round, 8), ctx.mkBVConst("z1_" + round, 8)};
                BitVecExpr[] post = {ctx.mkBVConst("x2_" + round, 8), ctx.mkBVConst("y2_" + round, 8), ctx.mkBVConst("z2_" + round, 8)};
                BitVecExpr poly = randomTerm(ctx, pre, random, 3);
                BitVecExpr value = randomTerm(ctx, pre, random, 1);
                java.util.function.Function<BitVecExpr[], BoolExpr> e = at -> ctx.mkEq((BitVecExpr) poly.substitute(pre, at),
                        (BitVecExpr) value.substitute(pre, at));
                List<BoolExpr> facts = new java.util.ArrayList<>();
                boolean twice = random.nextBoolean();
                BitVecExpr[] end = twice ? mid : post;
                facts.add(ctx.mkImplies(random.nextInt(5) == 0 ? e.apply(new BitVecExpr[] {pre[1], pre[0], pre[2]}) : e.apply(pre), e.apply(end)));
                if (twice) {
                    facts.add(ctx.mkImplies(e.apply(mid), random.nextInt(5) == 0 ? ctx.mkEq(post[0], randomTerm(ctx, mid, random, 2)) : e.apply(post)));
                }
                if (random.nextBoolean()) {
                    facts.add(ctx.mkEq(post[random.nextInt(3)], randomTerm(ctx, mid, random, 2)));
                }
                List<BoolExpr> candidates = new java.util.ArrayList<>(List.of(e.apply(pre)));
                for (int i = 0; i < 1 + random.nextInt(2); i++) {
                    candidates.add(ctx.mkEq(randomTerm(ctx, pre, random, 2), randomTerm(ctx, pre, random, 2)));
                }
                java.util.Collections.shuffle(candidates, random);
                List<Integer> shown = ConservedEqualities.together(candidates, pre, post, facts);
                if (shown.isEmpty()) {
                    continue;
                }
                kept++;
                BoolExpr[] set = shown.stream().map(candidates::get).toArray(BoolExpr[]::new);
                BoolExpr all = set.length == 1 ? set[0] : ctx.mkAnd(set);
                assertTrue(validGiven(ctx, facts, all, pre, post), "called conserved but not preserved: " + all + " given " + facts);
            }
        }
        assertTrue(kept > 20, "only " + kept + " rounds kept an equality: the test checks too little");
    }

    /**
     * {@link ConservedEqualities#entailments} with a linear rest: Fermat's assertion after the loop,
     * {@code 4*A == u*u - v*v - 2*u + 2*v}, is the invariant's equality less {@code 4*r}, so the
     * lemma says the assertion holds exactly when {@code -4*r == 0} (valid at 8 bits, Z3); and on
     * random equalities E and goals k*E plus a random linear form, each lemma is valid.
     */
    @Test
    void linearRestLemmasAreValid() {
        Random random = new Random(4099);
        try (Context ctx = new Context()) {
            BitVecExpr a = ctx.mkBVConst("A", 8);
            BitVecExpr r = ctx.mkBVConst("r", 8);
            BitVecExpr u = ctx.mkBVConst("u", 8);
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BoolExpr inv = fermat(ctx, a, r, u, v);
            BoolExpr exit = fermat(ctx, a, bv(ctx, 0), u, v);
            List<BoolExpr> lemmas = ConservedEqualities.entailments(ctx, List.of(ctx.mkAnd(inv, ctx.mkBVSLE(u, v))), List.of(exit));
            assertEquals(1, lemmas.size(), "the assertion's products are the invariant's");
            assertValid(ctx, lemmas.get(0));
            Solver s = ctx.mkSolver();
            s.add(lemmas.get(0), inv, ctx.mkEq(r, bv(ctx, 0)), ctx.mkNot(exit));
            assertEquals(Status.UNSATISFIABLE, s.check(), "with the lemma the invariant and r == 0 give the assertion");
            BitVecExpr[] vars = {a, r, u, v};
            int shown = 0;
            for (int round = 0; round < 40; round++) {
                BitVecExpr e = ctx.mkBVAdd(ctx.mkBVMul(randomTerm(ctx, vars, random, 1), randomTerm(ctx, vars, random, 1)),
                        randomTerm(ctx, vars, random, 2));
                BoolExpr fact = ctx.mkEq(e, randomTerm(ctx, vars, random, 1));
                BitVecExpr linear = ctx.mkBVAdd(ctx.mkBVMul(bv(ctx, random.nextInt(7) - 3), vars[random.nextInt(4)]), bv(ctx, random.nextInt(5)));
                BoolExpr goal = ctx.mkEq(ctx.mkBVMul(bv(ctx, 1 + random.nextInt(5)), ctx.mkBVAdd(e, linear)), randomTerm(ctx, vars, random, 1));
                for (BoolExpr lemma : ConservedEqualities.entailments(ctx, List.of(ctx.mkAnd(fact, ctx.mkBVULE(a, r))), List.of(goal))) {
                    shown++;
                    assertValid(ctx, lemma);
                }
            }
            assertTrue(shown > 12, "only " + shown + " lemmas: the test checks too little");
        }
    }

    /** Whether {@code facts} and {@code inv} imply {@code inv[from := to]} for all values. */
    private static boolean validGiven(Context ctx, List<BoolExpr> facts, BoolExpr inv, Expr<?>[] from, Expr<?>[] to) {
        Solver s = ctx.mkSolver();
        s.add(facts.toArray(new BoolExpr[0]));
        s.add(inv, ctx.mkNot((BoolExpr) inv.substitute(from, to)));
        return s.check() == Status.UNSATISFIABLE;
    }

    /**
     * {@link ConservedEqualities#definitionEntailments}: the lcm's {@code 2*a*b == x*u + y*v} of
     * the values a loop starts with follows from the guarded assignments {@code x = a, y = b,
     * u = b, v = a} (8 bits, Z3 checks each lemma valid); a goal they do not give has no lemma; and
     * on random assignments and goals every lemma is valid.
     */
    @Test
    void definitionLemmasAreValid() {
        Random random = new Random(1931);
        try (Context ctx = new Context()) {
            BitVecExpr a = ctx.mkBVConst("a", 8);
            BitVecExpr b = ctx.mkBVConst("b", 8);
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr u = ctx.mkBVConst("u", 8);
            BitVecExpr v = ctx.mkBVConst("v", 8);
            BoolExpr guard = ctx.mkBoolConst("b18");
            BoolExpr f = ctx.mkAnd(ctx.mkImplies(guard, ctx.mkEq(x, a)), ctx.mkImplies(guard, ctx.mkEq(y, b)),
                    ctx.mkImplies(guard, ctx.mkEq(u, b)), ctx.mkImplies(guard, ctx.mkEq(v, a)));
            BoolExpr lcm = ctx.mkEq(ctx.mkBVMul(ctx.mkBVMul(bv(ctx, 2), a), b), ctx.mkBVAdd(ctx.mkBVMul(x, u), ctx.mkBVMul(y, v)));
            BoolExpr head = ctx.mkBoolConst("head");
            List<BoolExpr> lemmas = ConservedEqualities.definitionEntailments(ctx, f, List.of(ctx.mkImplies(lcm, head)));
            assertEquals(1, lemmas.size());
            assertValid(ctx, lemmas.get(0));
            BoolExpr wrong = ctx.mkEq(ctx.mkBVMul(a, b), ctx.mkBVAdd(ctx.mkBVMul(x, u), ctx.mkBVMul(y, v)));
            assertEquals(List.of(), ConservedEqualities.definitionEntailments(ctx, f, List.of(wrong)));
            BitVecExpr[] vars = {a, b, x, y};
            int shown = 0;
            for (int round = 0; round < 150; round++) {
                // x and y defined by random terms over a and b (once each), goals mostly substitutions
                BitVecExpr tx = randomTerm(ctx, new BitVecExpr[] {a, b}, random, 2);
                BitVecExpr ty = randomTerm(ctx, new BitVecExpr[] {a, b, x}, random, 2);
                BoolExpr defs = ctx.mkAnd(ctx.mkImplies(guard, ctx.mkEq(x, tx)), ctx.mkImplies(guard, ctx.mkEq(y, ty)));
                BitVecExpr r = ctx.mkBVMul(randomTerm(ctx, vars, random, 2), vars[random.nextInt(4)]);
                BitVecExpr substituted = (BitVecExpr) r.substitute(new Expr<?>[] {y}, new Expr<?>[] {ty}).substitute(x, tx);
                List<BoolExpr> goals = List.of(ctx.mkEq(r, substituted),
                        ctx.mkEq(ctx.mkBVMul(vars[random.nextInt(4)], vars[random.nextInt(4)]), randomTerm(ctx, vars, random, 2)));
                for (BoolExpr lemma : ConservedEqualities.definitionEntailments(ctx, defs, goals)) {
                    shown++;
                    assertValid(ctx, lemma);
                }
            }
            assertTrue(shown > 30, "only " + shown + " lemmas: the test checks too little");
        }
    }

    private static void assertValid(Context ctx, BoolExpr lemma) {
        Solver s = ctx.mkSolver();
        s.add(ctx.mkNot(lemma));
        assertEquals(Status.UNSATISFIABLE, s.check(), "not valid: " + lemma);
    }

    /**
     * Random loops with polynomial closed forms chained like Cohen's (x == f(n) conserved only
     * given y == g(n)), random wrong candidates beside them, some steps branching, at 8 bits:
     * every set {@link ConservedEqualities#together} keeps is preserved by the step for all values
     * (Z3 decides 8-bit products exhaustively), and in many rounds some equality is kept that is
     * not conserved alone.
     */
    @Test
    void conservedTogetherMeansPreservedOnRandomLoops() {
        Random random = new Random(1919);
        int relative = 0;
        try (Context ctx = new Context()) {
            BitVecExpr n = ctx.mkBVConst("n", 8);
            BitVecExpr x = ctx.mkBVConst("x", 8);
            BitVecExpr y = ctx.mkBVConst("y", 8);
            BitVecExpr z = ctx.mkBVConst("z", 8);
            BitVecExpr k = ctx.mkBVConst("k", 8);
            BitVecExpr[] vars = {n, x, y, z};
            for (int round = 0; round < 40; round++) {
                BitVecExpr f = randomPolynomial(ctx, n, random, 3);
                BitVecExpr g = randomPolynomial(ctx, n, random, 2);
                BitVecExpr h = randomPolynomial(ctx, n, random, 1);
                BitVecExpr stride = random.nextInt(4) == 0 ? k : bv(ctx, 1 + random.nextInt(3));
                BitVecExpr n1 = ctx.mkBVAdd(n, stride);
                // x' = x + y + (f(n') - f(n) - g(n)), y' = y + z + (g(n') - g(n) - h(n)), z' = z + (h(n') - h(n))
                BitVecExpr x1 = ctx.mkBVAdd(ctx.mkBVAdd(x, y), ctx.mkBVSub(ctx.mkBVSub(at(f, n, n1), f), g));
                BitVecExpr y1 = ctx.mkBVAdd(ctx.mkBVAdd(y, z), ctx.mkBVSub(ctx.mkBVSub(at(g, n, n1), g), h));
                BitVecExpr z1 = ctx.mkBVAdd(z, ctx.mkBVSub(at(h, n, n1), h));
                Expr<?>[] to = {n1, x1, y1, z1};
                if (random.nextInt(3) == 0) {
                    // a branch that leaves the state alone (or scrambles it, sometimes)
                    BoolExpr c = ctx.mkBVULT(n, k);
                    BitVecExpr[] other = random.nextBoolean() ? vars : new BitVecExpr[] {n, randomTerm(ctx, vars, random, 2), y, z};
                    for (int i = 0; i < to.length; i++) {
                        to[i] = ctx.mkITE(c, to[i], other[i]);
                    }
                }
                List<BoolExpr> candidates = new java.util.ArrayList<>(List.of(ctx.mkEq(x, f), ctx.mkEq(g, y), ctx.mkEq(z, h)));
                for (int i = 0; i < 1 + random.nextInt(3); i++) {
                    candidates.add(random.nextBoolean()
                            ? ctx.mkEq(vars[random.nextInt(vars.length)], randomPolynomial(ctx, n, random, 3))
                            : ctx.mkEq(randomTerm(ctx, vars, random, 3), randomTerm(ctx, vars, random, 2)));
                }
                java.util.Collections.shuffle(candidates, random);
                // some of them behind a premise the step leaves alone: whatever impliedConjuncts keeps is preserved
                List<BoolExpr> conjuncts = new java.util.ArrayList<>(candidates.subList(0, candidates.size() / 2));
                List<BoolExpr> behind = candidates.subList(candidates.size() / 2, candidates.size());
                conjuncts.add(ctx.mkImplies(ctx.mkBVULE(k, bv(ctx, 100)), behind.size() == 1 ? behind.get(0) : ctx.mkAnd(behind.toArray(new BoolExpr[0]))));
                List<BoolExpr> shown = ConservedEqualities.impliedConjuncts(conjuncts, vars, to, List.of());
                if (!shown.isEmpty()) {
                    BoolExpr both = shown.size() == 1 ? shown.get(0) : ctx.mkAnd(shown.toArray(new BoolExpr[0]));
                    assertTrue(validStep(ctx, both, vars, to), "called implied but not preserved: " + both + " under " + List.of(to));
                }
                List<Integer> kept = ConservedEqualities.together(candidates, vars, to);
                if (kept.isEmpty()) {
                    continue;
                }
                BoolExpr[] set = kept.stream().map(candidates::get).toArray(BoolExpr[]::new);
                BoolExpr all = set.length == 1 ? set[0] : ctx.mkAnd(set);
                assertTrue(validStep(ctx, all, vars, to), "called conserved together but not preserved: " + all + " under " + List.of(to));
                assertTrue(ConservedEqualities.implied(all, vars, to));
                if (java.util.Arrays.stream(set).anyMatch(e -> !ConservedEqualities.preserved(e, vars, to))) {
                    relative++;
                }
            }
        }
        assertTrue(relative > 20, "only " + relative + " rounds kept an equality not conserved alone: the test checks too little");
    }

    private static BitVecExpr bv(Context ctx, int v) {
        return ctx.mkBV(v, 8);
    }

    /** c_0 + c_1 n + ... + c_d n^d with random small coefficients. */
    private static BitVecExpr randomPolynomial(Context ctx, BitVecExpr n, Random random, int degree) {
        BitVecExpr sum = bv(ctx, random.nextInt(9) - 4);
        BitVecExpr power = bv(ctx, 1);
        for (int i = 1; i <= degree; i++) {
            power = ctx.mkBVMul(power, n);
            sum = ctx.mkBVAdd(sum, ctx.mkBVMul(bv(ctx, random.nextInt(9) - 4), power));
        }
        return sum;
    }

    private static BitVecExpr at(BitVecExpr p, BitVecExpr n, BitVecExpr value) {
        return (BitVecExpr) p.substitute(n, value);
    }

    /** Whether {@code inv} implies {@code inv[from := to]} for all values. */
    private static boolean validStep(Context ctx, BoolExpr inv, Expr<?>[] from, Expr<?>[] to) {
        Solver s = ctx.mkSolver();
        s.add(inv, ctx.mkNot((BoolExpr) inv.substitute(from, to)));
        return s.check() == Status.UNSATISFIABLE;
    }

    private static BitVecExpr randomTerm(Context ctx, BitVecExpr[] vars, Random random, int depth) {
        if (depth == 0 || random.nextInt(4) == 0) {
            return random.nextInt(3) == 0 ? ctx.mkBV(random.nextInt(7) - 3, 8) : vars[random.nextInt(vars.length)];
        }
        BitVecExpr l = randomTerm(ctx, vars, random, depth - 1);
        BitVecExpr r = randomTerm(ctx, vars, random, depth - 1);
        return switch (random.nextInt(5)) {
            case 0 -> ctx.mkBVAdd(l, r);
            case 1 -> ctx.mkBVSub(l, r);
            case 2 -> ctx.mkBVMul(l, r);
            case 3 -> ctx.mkBVNeg(l);
            default -> ctx.mkBVUDiv(l, r);
        };
    }
}
