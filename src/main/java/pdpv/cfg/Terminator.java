package pdpv.cfg;

/** How control leaves a basic block. */
public sealed interface Terminator {
    record Jump(Block target) implements Terminator {
        @Override
        public String toString() {
            return "goto B" + target.id();
        }
    }

    /** To {@code ifTrue} when {@code condition} is nonzero, else to {@code ifFalse}. */
    record Branch(Expr condition, Block ifTrue, Block ifFalse, SourceLoc loc) implements Terminator {
        @Override
        public String toString() {
            return "if " + condition + " goto B" + ifTrue.id() + " else goto B" + ifFalse.id();
        }
    }

    /** The execution ends without error: return from the entry function, abort(), exit(). */
    record Halt(Kind kind, SourceLoc loc) implements Terminator {
        public enum Kind { RETURN, ABORT, EXIT }

        @Override
        public String toString() {
            return "halt " + kind;
        }
    }
}
