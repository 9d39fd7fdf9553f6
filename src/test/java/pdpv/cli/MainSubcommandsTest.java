package pdpv.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** A run registers only the subcommand it names; usage and unknown names still see all of them. */
class MainSubcommandsTest {
    private static CommandLine registered(String... args) {
        CommandLine cmd = new CommandLine(new Main());
        Main.addSubcommands(cmd, args);
        return cmd;
    }

    @Test
    void aNamedSubcommandIsTheOnlyOneRegistered() {
        assertEquals(Set.of("verify"), registered("verify", "--json", "a.c").getSubcommands().keySet());
        assertEquals(Set.of("bench"), registered("bench", "--out", "d").getSubcommands().keySet());
    }

    @Test
    void usageAndUnknownNamesSeeEverySubcommand() {
        List<String> all = List.of("verify", "mc", "aiger", "chc", "bench", "check-witness", "daikon-trace");
        assertEquals(all, List.copyOf(registered().getSubcommands().keySet()));
        assertEquals(all, List.copyOf(registered("--help").getSubcommands().keySet()));
        assertEquals(all, List.copyOf(registered("verfy", "a.c").getSubcommands().keySet()));
    }

    @Test
    void theUsageStillListsEverySubcommand() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Main.run(new String[] {"--help"}, new PrintWriter(out, true), new PrintWriter(err, true));
        for (String name : List.of("verify", "mc", "aiger", "chc", "bench", "check-witness", "daikon-trace")) {
            assertTrue(out.toString().contains("  " + name + " "), name + " in\n" + out);
        }
    }
}
