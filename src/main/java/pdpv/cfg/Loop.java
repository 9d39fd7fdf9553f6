package pdpv.cfg;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A natural loop l = (H, T) of thesis §4.3.1: its head, its tails (sources of the back edges to the
 * head), its body (the head and every block that reaches a tail without passing the head), the
 * variables U_l it updates and R_l it references (U_l ⊆ R_l, nested loops included), and its place
 * in the loop nesting. Built by {@link LoopForest}.
 */
public final class Loop {
    private final Block head;
    private final Set<Block> tails;
    private final Set<Block> body;
    private final Set<Variable> updated;
    private final Set<Variable> referenced;
    private Loop parent;
    private final List<Loop> children = new ArrayList<>();

    Loop(Block head, Set<Block> tails, Set<Block> body) {
        this.head = head;
        this.tails = Collections.unmodifiableSet(new LinkedHashSet<>(tails));
        this.body = Collections.unmodifiableSet(new LinkedHashSet<>(body));
        Set<Variable> u = new LinkedHashSet<>();
        Set<Variable> r = new LinkedHashSet<>();
        for (Block b : body) {
            for (Stmt s : b.statements()) {
                r.addAll(VariableUses.reads(s));
                Variable w = VariableUses.written(s);
                if (w != null) {
                    u.add(w);
                }
            }
            r.addAll(VariableUses.reads(b.terminator()));
        }
        r.addAll(u);
        this.updated = Collections.unmodifiableSet(u);
        this.referenced = Collections.unmodifiableSet(r);
    }

    public Block head() {
        return head;
    }

    public Set<Block> tails() {
        return tails;
    }

    public Set<Block> body() {
        return body;
    }

    /** U_l: the targets of assignments and havocs in the body. */
    public Set<Variable> updated() {
        return updated;
    }

    /** R_l: the variables read or written in the body. */
    public Set<Variable> referenced() {
        return referenced;
    }

    /** The innermost loop whose body strictly contains this one, or null. */
    public Loop parent() {
        return parent;
    }

    /** The loops directly nested in this one. */
    public List<Loop> children() {
        return Collections.unmodifiableList(children);
    }

    void setParent(Loop p) {
        parent = p;
        p.children.add(this);
    }

    @Override
    public String toString() {
        return "loop@B" + head.id();
    }
}
