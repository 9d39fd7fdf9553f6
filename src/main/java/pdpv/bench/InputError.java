package pdpv.bench;

/**
 * A problem with a file or option the user gave to {@code bench} or {@code verify TASK.yml}
 * (missing manifest, unreadable task definition, unknown benchmark name...): one line that says
 * what to fix, shown without a stack trace and answered with exit code 30.
 */
public final class InputError extends RuntimeException {
    public InputError(String message) {
        super(message);
    }
}
