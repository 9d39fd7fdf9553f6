package pdpv.cli;

import com.microsoft.z3.Context;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import pdpv.pdr.aiger.AigerCircuit;
import pdpv.pdr.aiger.AigerWriter;
import pdpv.pdr.btor.Btor2Exception;
import pdpv.pdr.btor.Btor2Model;
import pdpv.pdr.btor.Btor2Reader;

/** {@code pdpv aiger MODEL.btor2 -o MODEL.aig}: the model bit-blasted to AIGER 1.9, for ABC and other bit-level checkers. */
@Command(name = "aiger", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Bit-blast a BTOR2 model (as mc reads it) to AIGER 1.9: binary, or ASCII for a .aag file.")
final class AigerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "BTOR2 model")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE",
            description = "the AIGER file to write; ASCII if its name ends in .aag, else binary (default: FILE with .aig for its extension)")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path target = output != null ? output : defaultOutput(file);
        if (Files.isDirectory(target)) {
            err.println("error: -o " + target + " is a directory; it must name the file to write");
            return ExitCodes.BAD_INPUT;
        }
        AigerCircuit circuit;
        try (Context ctx = new Context()) {
            Btor2Model model;
            try {
                model = Btor2Reader.read(ctx, file);
            } catch (Btor2Exception e) {
                err.println(e.render(file.toString()));
                return ExitCodes.BAD_INPUT;
            } catch (IOException e) {
                err.println(file + ": error: " + (Files.exists(file) ? "cannot read file" : "no such file"));
                return ExitCodes.BAD_INPUT;
            }
            try {
                circuit = AigerCircuit.of(model);
            } catch (IllegalArgumentException e) {
                err.println(file + ": unsupported: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            boolean binary = !target.getFileName().toString().endsWith(".aag");
            try (OutputStream out = Files.newOutputStream(target)) {
                AigerWriter.write(circuit, out, binary, "bit-blasted by pdpv aiger from " + file.getFileName());
            } catch (IOException e) {
                Path folder = target.toAbsolutePath().getParent();
                err.println("error: -o " + target + ": cannot write the file"
                        + (folder != null && !Files.isDirectory(folder) ? " (no folder " + folder + ")" : ""));
                return ExitCodes.BAD_INPUT;
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + target + ": " + circuit.aig().inputs().size() + " inputs, " + circuit.aig().latches().size()
                + " latches, " + AigerWriter.gateCount(circuit) + " AND gates, 1 bad-state property");
        out.flush();
        return ExitCodes.SAFE;
    }

    private static Path defaultOutput(Path model) {
        String name = model.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return model.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".aig");
    }
}
