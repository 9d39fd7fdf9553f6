package pdpv.pdr.aiger;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a binary AIGER 1.9 file as the format describes it (independently of {@link AigerWriter}'s
 * data structures) and simulates it step by step: latches start at their reset values, each step
 * takes a value for every input, the AND gates are evaluated in order, the bad literals are read,
 * and the latches take their next values.
 */
final class AigerSimulator {
    final int inputs;
    final int latches;
    final List<String> inputNames = new ArrayList<>();
    private final int maxVar;
    private final int[] latchNext;
    private final int[] latchReset;
    private final int[] outputs;
    private final int[] bads;
    private final int[] andLeft;
    private final int[] andRight;
    private boolean[] state;

    AigerSimulator(byte[] file) throws IOException {
        InputStream in = new ByteArrayInputStream(file);
        String[] header = line(in).split(" ");
        if (!header[0].equals("aig")) {
            throw new IOException("not a binary AIGER file: " + header[0]);
        }
        maxVar = Integer.parseInt(header[1]);
        inputs = Integer.parseInt(header[2]);
        latches = Integer.parseInt(header[3]);
        int o = Integer.parseInt(header[4]);
        int a = Integer.parseInt(header[5]);
        int b = header.length > 6 ? Integer.parseInt(header[6]) : 0;
        if (maxVar != inputs + latches + a) {
            throw new IOException("M != I + L + A");
        }
        latchNext = new int[latches];
        latchReset = new int[latches];
        for (int i = 0; i < latches; i++) {
            String[] parts = line(in).split(" ");
            latchNext[i] = Integer.parseInt(parts[0]);
            latchReset[i] = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            if (latchReset[i] != 0 && latchReset[i] != 1) {
                throw new IOException("latch " + i + " has reset " + latchReset[i] + ", not 0 or 1");
            }
        }
        outputs = new int[o];
        for (int i = 0; i < o; i++) {
            outputs[i] = Integer.parseInt(line(in));
        }
        bads = new int[b];
        for (int i = 0; i < b; i++) {
            bads[i] = Integer.parseInt(line(in));
        }
        andLeft = new int[a];
        andRight = new int[a];
        for (int i = 0; i < a; i++) {
            int lhs = 2 * (inputs + latches + i + 1);
            int rhs0 = lhs - number(in);
            int rhs1 = rhs0 - number(in);
            if (!(lhs > rhs0 && rhs0 >= rhs1)) {
                throw new IOException("gate " + lhs + " is not ordered");
            }
            andLeft[i] = rhs0;
            andRight[i] = rhs1;
        }
        Map<Integer, String> names = new HashMap<>();
        for (String s = line(in); s != null && !s.equals("c"); s = line(in)) {
            if (s.startsWith("i")) {
                int space = s.indexOf(' ');
                names.put(Integer.parseInt(s.substring(1, space)), s.substring(space + 1));
            }
        }
        for (int i = 0; i < inputs; i++) {
            inputNames.add(names.getOrDefault(i, "i" + i));
        }
        reset();
    }

    void reset() {
        state = new boolean[latches];
        for (int i = 0; i < latches; i++) {
            state[i] = latchReset[i] == 1;
        }
    }

    /** One step under these input values: the values of the bad literals (then the outputs); the latches advance. */
    boolean[] step(boolean[] inputValues) {
        boolean[] value = new boolean[maxVar + 1];
        for (int i = 0; i < inputs; i++) {
            value[i + 1] = inputValues[i];
        }
        for (int i = 0; i < latches; i++) {
            value[inputs + i + 1] = state[i];
        }
        for (int i = 0; i < andLeft.length; i++) {
            value[inputs + latches + i + 1] = lit(value, andLeft[i]) && lit(value, andRight[i]);
        }
        boolean[] result = new boolean[bads.length + outputs.length];
        for (int i = 0; i < bads.length; i++) {
            result[i] = lit(value, bads[i]);
        }
        for (int i = 0; i < outputs.length; i++) {
            result[bads.length + i] = lit(value, outputs[i]);
        }
        boolean[] next = new boolean[latches];
        for (int i = 0; i < latches; i++) {
            next[i] = lit(value, latchNext[i]);
        }
        state = next;
        return result;
    }

    private static boolean lit(boolean[] value, int literal) {
        return value[literal >> 1] ^ ((literal & 1) == 1);
    }

    private static int number(InputStream in) throws IOException {
        int x = 0;
        int shift = 0;
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("unexpected end of the AND gates");
            }
            x |= (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return x;
            }
            shift += 7;
        }
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c = in.read();
        if (c < 0) {
            return null;
        }
        while (c >= 0 && c != '\n') {
            sb.append((char) c);
            c = in.read();
        }
        return new String(sb.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }
}
