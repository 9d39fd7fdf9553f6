package pdpv.interp;

import java.util.Arrays;
import java.util.Objects;

/**
 * Recognizes a diverging interpretation run, the thesis's bail-out on "the same program state is
 * visited a second time" (§4.3.2, "Counterexample Analysis with Interpretation"), made sound for
 * runs that read inputs.
 *
 * <p>The rule: a run diverges when it enters the same block twice with the same state and has
 * executed no havoc in between. What a run does from a block entry on depends only on the block,
 * the state and the answers the oracle will give; with no havoc in between, no answer was consumed
 * and the occurrence counters are unchanged, so the run repeats the same segment forever, and that
 * segment failed no assertion. With a havoc in between, the oracle is asked at later occurrences
 * and may answer differently, so no conclusion is drawn: every havoc forgets all remembered pairs.
 *
 * <p>Pairs are remembered only at the targets of retreating edges of a depth-first search from the
 * start block ({@link CompiledProgram.CompiledBlock#checkpoint}). Every cycle of the graph contains
 * such an edge, so a diverging run enters one of these blocks again and again and its repetition
 * is seen there. At most {@code capacity} pairs are kept; when the set is full it is emptied, so a
 * repetition is still seen once one period of the run fits into the set. A state is its slots'
 * values and which of them were set (a variable set to 0 differs from one never set); as a run
 * never unsets a slot, the number of set slots tells two states of one run apart as well as the
 * set slots themselves. The pairs are kept in one growing array with an open-addressing table
 * over it: a loop that runs 10^8 times remembers its head states without an allocation per
 * iteration. A program with arrays (issue #20) adds a copy of their known cells to each pair
 * (and the run does not look for repetition when they know too many cells to copy).
 */
final class RepeatDetector {
    private final int capacity;
    private final int slots;
    /** Longs per remembered pair: the block, the number of set slots, the values. */
    private final int stride;
    private long[] arena = new long[0];
    /** Open addressing: entry index + 1, 0 for free. */
    private int[] table = new int[16];
    /** The table position of each entry, to free exactly those when emptied. */
    private int[] positions = new int[0];
    /** The arrays' known cells of each entry, for a program with arrays; null entries otherwise. */
    private Object[] cells = new Object[0];
    private int size;

    RepeatDetector(int capacity, int slots) {
        this.capacity = capacity;
        this.slots = slots;
        this.stride = 2 + slots;
    }

    /**
     * Notes that the run enters block {@code block} (an index) with {@code values}, of which
     * {@code setCount} slots were set, and arrays whose known cells are {@code arrays} (null for a
     * program without arrays); true if it provably diverges.
     */
    boolean entersAgain(int block, long[] values, int setCount, Object arrays) {
        long hash = hash(block, values, setCount);
        int mask = table.length - 1;
        int pos = (int) (hash >>> 32) & mask;
        while (table[pos] != 0) {
            if (equal(table[pos] - 1, block, values, setCount) && Objects.equals(cells[table[pos] - 1], arrays)) {
                return true;
            }
            pos = (pos + 1) & mask;
        }
        if (size >= capacity) {
            clear();
            return entersAgain(block, values, setCount, arrays);
        }
        add(block, values, setCount, arrays, pos);
        return false;
    }

    /** Notes that the run read an input: earlier pairs no longer prove anything. */
    void inputRead() {
        clear();
    }

    private void add(int block, long[] values, int setCount, Object arrays, int pos) {
        if ((size + 1) * stride > arena.length) {
            arena = Arrays.copyOf(arena, Math.max(stride * 16, 2 * arena.length));
            positions = Arrays.copyOf(positions, arena.length / stride);
            cells = Arrays.copyOf(cells, arena.length / stride);
        }
        cells[size] = arrays;
        int base = size * stride;
        arena[base] = block;
        arena[base + 1] = setCount;
        System.arraycopy(values, 0, arena, base + 2, slots);
        table[pos] = size + 1;
        positions[size] = pos;
        size++;
        if (2 * size > table.length) {
            rehash();
        }
    }

    private void rehash() {
        int[] bigger = new int[2 * table.length];
        int mask = bigger.length - 1;
        for (int e = 0; e < size; e++) {
            int base = e * stride;
            long hash = hashAt(base);
            int pos = (int) (hash >>> 32) & mask;
            while (bigger[pos] != 0) {
                pos = (pos + 1) & mask;
            }
            bigger[pos] = e + 1;
            positions[e] = pos;
        }
        table = bigger;
    }

    private void clear() {
        for (int e = 0; e < size; e++) {
            table[positions[e]] = 0;
            cells[e] = null;
        }
        size = 0;
    }

    private boolean equal(int entry, int block, long[] values, int setCount) {
        int base = entry * stride;
        if (arena[base] != block || arena[base + 1] != setCount) {
            return false;
        }
        for (int i = 0; i < slots; i++) {
            if (arena[base + 2 + i] != values[i]) {
                return false;
            }
        }
        return true;
    }

    private long hash(int block, long[] values, int setCount) {
        long h = block * 31L + setCount;
        for (int i = 0; i < slots; i++) {
            h = h * 31 + values[i];
        }
        return h * 0x9E3779B97F4A7C15L;
    }

    private long hashAt(int base) {
        long h = arena[base] * 31L + arena[base + 1];
        for (int i = 0; i < slots; i++) {
            h = h * 31 + arena[base + 2 + i];
        }
        return h * 0x9E3779B97F4A7C15L;
    }
}
