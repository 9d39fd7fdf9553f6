package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bit-field members of structs (issue #20) through {@code verify}: a store keeps the field's low
 * bits, a read extends them by the field's signedness and promotes a narrow field to int, and a
 * store out of a signed field's range is no signed overflow (gcc truncates; C leaves it to the
 * implementation). Each fact is checked both ways: the true claim is SAFE, the false one UNSAFE.
 */
class BitFieldTest {
    private static final String HEADER = "extern void __VERIFIER_assert(int cond);\nextern unsigned int __VERIFIER_nondet_uint(void);\n"
            + "struct B { unsigned a : 3; unsigned b : 5; int s : 4; unsigned long long w : 31; };\n";

    @TempDir
    Path dir;

    private void holds(String name, String body, String claim, String wrong, String... options) throws IOException {
        for (boolean right : new boolean[] {true, false}) {
            Path c = dir.resolve(name + (right ? "_safe.c" : "_unsafe.c"));
            Files.writeString(c, HEADER + body.replace("CLAIM", right ? claim : wrong));
            String[] args = new String[options.length + 4];
            args[0] = "verify";
            args[1] = "--timeout";
            args[2] = "60";
            System.arraycopy(options, 0, args, 3, options.length);
            args[args.length - 1] = c.toString();
            CliResult r = CliResult.run(args);
            assertEquals(right ? ExitCodes.SAFE : ExitCodes.UNSAFE, r.code(), name + " " + right + ": " + r.out() + r.err());
        }
    }

    /** The program that was answered UNSAFE while a bit-field was read as a whole int: 9 in 3 bits is 1. */
    @Test
    void aStoreKeepsTheFieldsLowBits() throws IOException {
        holds("store", "int main(void) {\n  struct B x = {1, 2};\n  x.a = 9;\n  x.b += 40;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "x.a == 1 && x.b == 10", "x.a == 9");
    }

    /** A signed field wraps into its range without a signed-overflow violation; narrow fields promote to int. */
    @Test
    void aSignedFieldIsSignExtendedAndItsStoreIsNoOverflow() throws IOException {
        holds("signed", "int main(void) {\n  struct B x = {0};\n  unsigned k = __VERIFIER_nondet_uint() % 8;\n  x.s = 7;\n  x.s += k;\n"
                + "  x.a = 0;\n  x.w = 0;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "x.s == (k == 0 ? 7 : (int) k - 9) && x.a - 1 < 0 && x.w - 1 < 0", "x.s >= 0", "--signed-overflow", "error");
    }

    /** A conditional whose arm stores to a field has the promoted field's type (int), not the declared unsigned. */
    @Test
    void aConditionalOfAFieldIsAnInt() throws IOException {
        holds("conditional", "int main(void) {\n  struct B x = {7, 0};\n  unsigned c = __VERIFIER_nondet_uint();\n"
                + "  long long r = (c > 2 ? x.a++ : x.b) - 1;\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "c > 2 ? r == 6 && x.a == 0 : r == -1", "c > 2 || r > 0");
    }

    /** Through a pointer passed to an inlined callee, in an array of structs, and by value. */
    @Test
    void aFieldIsTheSameThroughPointersArraysAndCopies() throws IOException {
        holds("pointer", "void bump(struct B *p) { p->a += 5; p->s--; }\nstruct B twice(struct B v) { bump(&v); bump(&v); return v; }\n"
                + "int main(void) {\n  unsigned k = __VERIFIER_nondet_uint() % 2;\n  struct B xs[2] = {{6, 0, -7}, {1}};\n"
                + "  xs[k] = twice(xs[k]);\n  __VERIFIER_assert(CLAIM);\n  return 0;\n}\n",
                "xs[0].a == (k == 0 ? 0 : 6) && xs[0].s == (k == 0 ? 7 : -7) && xs[1].a == (k == 1 ? 3 : 1)", "xs[0].a == 16 || k == 1");
    }
}
