package pdpv.cli;

import com.microsoft.z3.Version;
import picocli.CommandLine.IVersionProvider;

/** What {@code --version} prints, for every command: PDPV's version and the Z3 it runs on. */
final class VersionProvider implements IVersionProvider {
    /** PDPV's version, also the producer version of its witnesses. */
    static final String NUMBER = "0.1.0";
    static final String VERSION = "pdpv " + NUMBER;

    @Override
    public String[] getVersion() {
        return new String[] {VERSION + " (Z3 " + Version.getString() + ")"};
    }
}
