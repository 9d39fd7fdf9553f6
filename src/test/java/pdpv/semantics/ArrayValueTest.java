package pdpv.semantics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link ArrayValue}'s stores, which keep the last writes in front of a copied map, mean what a map
 * updated in place means: random stores (more than {@link ArrayValue#MAX_WRITES} of them, few
 * indices, so cells are overwritten, also with the fill), every older value kept as it was.
 */
class ArrayValueTest {
    @Test
    void storesMeanAMapUpdatedInPlaceAndOlderValuesStayAsTheyWere() {
        Random r = new Random(20);
        for (int round = 0; round < 50; round++) {
            ArrayValue a = ArrayValue.filled(r.nextInt(4), 8, 8);
            TreeMap<Long, Long> model = new TreeMap<>();
            ArrayValue kept = a;
            TreeMap<Long, Long> keptModel = new TreeMap<>();
            int n = 1 + r.nextInt(3 * ArrayValue.MAX_WRITES);
            for (int k = 0; k < n; k++) {
                long index = r.nextInt(2) == 0 ? r.nextInt(12) : r.nextInt(1 << 10) - 300;
                long value = r.nextInt(6) - 1;
                a = a.store(index, value);
                model.put(index & 0xff, value & 0xff);
                if (k == n / 2) {
                    kept = a;
                    keptModel = new TreeMap<>(model);
                }
            }
            check(a, model);
            check(kept, keptModel);
            assertEquals(new ArrayValue(8, 8, a.fill(), model), a);
            assertEquals(new ArrayValue(8, 8, a.fill(), model).hashCode(), a.hashCode());
        }
    }

    private static void check(ArrayValue a, TreeMap<Long, Long> model) {
        for (long i = 0; i < 256; i++) {
            assertEquals(model.getOrDefault(i, a.fill()), a.get(i), "cell " + i);
            assertEquals(model.getOrDefault(i, a.fill()).equals(a.fill()), !a.cells().containsKey(i), "cell " + i);
        }
    }
}
