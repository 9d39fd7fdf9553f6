package pdpv.pdr.aiger;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes an {@link AigerCircuit} in the AIGER 1.9 format (Biere, Heljanko, Wieringa, "AIGER 1.9
 * and beyond", 2011): binary ({@code aig}, what ABC reads) or ASCII ({@code aag}). Inputs come
 * first, then the latches, then the AND gates in the cone of influence of the latches' next
 * states and the bad literal, numbered in creation order (a topological order). Each latch has
 * its reset value (0 or 1); the bad literal is the one bad-state property ({@code B = 1}, no
 * outputs: ABC 1.01's {@code read} takes the B section as its property output, and a copy of it as
 * an output would be a second one). The symbol table names every input and latch bit; a comment
 * names the model.
 */
public final class AigerWriter {
    private final AigerCircuit circuit;
    private final Aig aig;
    private final int[] var;
    private final List<Integer> gates = new ArrayList<>();

    private AigerWriter(AigerCircuit circuit) {
        this.circuit = circuit;
        this.aig = circuit.aig();
        this.var = new int[aig.nodeCount()];
        number();
    }

    /** Writes {@code circuit} to {@code out}, binary or ASCII, with {@code comment} in the comment section. */
    public static void write(AigerCircuit circuit, OutputStream out, boolean binary, String comment) throws IOException {
        new AigerWriter(circuit).writeTo(out, binary, comment);
    }

    /** The number of AND gates written (those in the cone of influence). */
    public static int gateCount(AigerCircuit circuit) {
        return new AigerWriter(circuit).gates.size();
    }

    private void number() {
        boolean[] needed = new boolean[aig.nodeCount()];
        List<Integer> roots = new ArrayList<>();
        roots.add(circuit.bad());
        aig.latches().forEach(l -> roots.add(l.next()));
        List<Integer> stack = new ArrayList<>();
        for (int r : roots) {
            stack.add(r >> 1);
        }
        while (!stack.isEmpty()) {
            int n = stack.remove(stack.size() - 1);
            if (needed[n]) {
                continue;
            }
            needed[n] = true;
            if (aig.kind(n) == Aig.Kind.AND) {
                stack.add(aig.left(n) >> 1);
                stack.add(aig.right(n) >> 1);
            }
        }
        int next = 1;
        for (Aig.Input in : aig.inputs()) {
            var[in.literal() >> 1] = next++;
        }
        for (Aig.Latch l : aig.latches()) {
            var[l.literal() >> 1] = next++;
        }
        for (int n = 1; n < aig.nodeCount(); n++) {
            if (needed[n] && aig.kind(n) == Aig.Kind.AND) {
                var[n] = next++;
                gates.add(n);
            }
        }
    }

    private int lit(int literal) {
        return 2 * var[literal >> 1] + (literal & 1);
    }

    private void writeTo(OutputStream out, boolean binary, String comment) throws IOException {
        int inputs = aig.inputs().size();
        int latches = aig.latches().size();
        int max = inputs + latches + gates.size();
        StringBuilder text = new StringBuilder();
        text.append(binary ? "aig " : "aag ").append(max).append(' ').append(inputs).append(' ').append(latches)
                .append(" 0 ").append(gates.size()).append(" 1\n");
        if (!binary) {
            aig.inputs().forEach(in -> text.append(lit(in.literal())).append('\n'));
        }
        for (Aig.Latch l : aig.latches()) {
            if (!binary) {
                text.append(lit(l.literal())).append(' ');
            }
            text.append(lit(l.next())).append(l.reset() ? " 1" : "").append('\n');
        }
        text.append(lit(circuit.bad())).append('\n');
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(text.toString().getBytes(StandardCharsets.US_ASCII));
        for (int n : gates) {
            int lhs = 2 * var[n];
            int a = lit(aig.left(n));
            int b = lit(aig.right(n));
            int rhs0 = Math.max(a, b);
            int rhs1 = Math.min(a, b);
            if (binary) {
                varint(body, lhs - rhs0);
                varint(body, rhs0 - rhs1);
            } else {
                body.write((lhs + " " + rhs0 + " " + rhs1 + "\n").getBytes(StandardCharsets.US_ASCII));
            }
        }
        StringBuilder symbols = new StringBuilder();
        List<Aig.Input> ins = aig.inputs();
        for (int i = 0; i < ins.size(); i++) {
            symbols.append('i').append(i).append(' ').append(ins.get(i).name()).append('\n');
        }
        List<Aig.Latch> ls = aig.latches();
        for (int i = 0; i < ls.size(); i++) {
            symbols.append('l').append(i).append(' ').append(ls.get(i).name()).append('\n');
        }
        symbols.append("b0 bad\nc\n").append(comment).append('\n');
        body.write(symbols.toString().getBytes(StandardCharsets.UTF_8));
        body.writeTo(out);
        out.flush();
    }

    /** AIGER's binary number encoding: 7 bits a byte, least significant first, high bit = more follows. */
    private static void varint(OutputStream out, int value) throws IOException {
        int x = value;
        while ((x & ~0x7f) != 0) {
            out.write((x & 0x7f) | 0x80);
            x >>>= 7;
        }
        out.write(x);
    }
}
