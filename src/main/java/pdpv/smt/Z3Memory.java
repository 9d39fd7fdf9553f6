package pdpv.smt;

import com.microsoft.z3.Global;
import com.microsoft.z3.Native;
import java.util.Locale;

/**
 * Z3's memory, which is not on the Java heap: the size of its allocations and its limit (the
 * {@code memory_max_size} parameter), both for the whole process. A check that reaches the limit
 * answers unknown, which {@link SmtSolver} reports as {@link SolverOutOfMemory}.
 */
public final class Z3Memory {
    private Z3Memory() {
    }

    /** Bytes Z3 has allocated in this process, over all contexts. */
    public static long allocatedBytes() {
        return Native.getEstimatedAllocSize();
    }

    /** Caps Z3's allocations at {@code megabytes} from now on, in every context; 0 lifts the cap. */
    public static void limit(long megabytes) {
        Global.setParameter("memory_max_size", Long.toString(megabytes));
    }

    /** Whether a message of Z3 (a reason for unknown, an error) says that it ran out of memory. */
    public static boolean isOutOfMemory(String message) {
        if (message == null) {
            return false;
        }
        String m = message.toLowerCase(Locale.ROOT);
        return m.contains("out of memory") || m.contains("memory exceeded") || m.equals("memout")
                || m.contains("allocation failed");
    }
}
