package pdpv.domain;

/** The abstract truth domain {true, false, unknown} of the hybrid simulation (thesis §3.3.1, [0,1] = X). */
public enum AbstractTruth {
    TRUE, FALSE, UNKNOWN;

    public static AbstractTruth of(boolean value) {
        return value ? TRUE : FALSE;
    }

    /** Whether the concrete truth value {@code value} is described by this abstract one. */
    public boolean admits(boolean value) {
        return this == UNKNOWN || this == of(value);
    }

    public AbstractTruth not() {
        return switch (this) {
            case TRUE -> FALSE;
            case FALSE -> TRUE;
            case UNKNOWN -> UNKNOWN;
        };
    }

    public AbstractTruth and(AbstractTruth other) {
        if (this == FALSE || other == FALSE) {
            return FALSE;
        }
        return this == TRUE && other == TRUE ? TRUE : UNKNOWN;
    }

    public AbstractTruth or(AbstractTruth other) {
        return not().and(other.not()).not();
    }
}
