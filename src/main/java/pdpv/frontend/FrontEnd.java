package pdpv.frontend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import pdpv.cfg.Program;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CSemantics;

/**
 * The front end: parses a C file with CDT and lowers its entry function, with every call inlined,
 * to a typed {@link Program}. Problems with the input are {@link UserError}s.
 */
public final class FrontEnd {
    private FrontEnd() {
    }

    public static Program parse(Path file, FrontEndOptions options) {
        String source;
        try {
            source = Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            String reason = Files.exists(file) ? "cannot read file" : "no such file";
            throw new UserError(UserError.Kind.INPUT, new SourceLoc(file.toString(), 0, 0), reason);
        }
        return parse(file.toString(), source, options);
    }

    public static Program parse(String fileName, String source, FrontEndOptions options) {
        SourceLocator locator = new SourceLocator(fileName, source);
        IASTTranslationUnit tu = CdtParser.parse(locator, source, options.dataModel(), options.preprocessor());
        TypeResolver types = new TypeResolver(new CSemantics(options.dataModel(), options.readings()));
        ConstraintCheck.check(tu, locator, types);
        return new ProgramLowering(tu, locator, types, options).lower();
    }
}
