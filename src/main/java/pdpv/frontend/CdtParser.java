package pdpv.frontend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.cdt.core.dom.ast.ASTVisitor;
import org.eclipse.cdt.core.dom.ast.IASTCompositeTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTFileLocation;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IASTProblem;
import org.eclipse.cdt.core.dom.ast.IASTTranslationUnit;
import org.eclipse.cdt.core.dom.ast.gnu.c.GCCLanguage;
import org.eclipse.cdt.core.parser.DefaultLogService;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.core.parser.IProblem;
import org.eclipse.cdt.core.parser.ScannerInfo;
import org.eclipse.core.runtime.CoreException;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.DataModel;

/**
 * Gets a translation unit from CDT's GNU C parser without Eclipse running: a scanner info with the
 * data model's predefined macros, headers served by {@link BuiltinHeaders}, and every preprocessor
 * problem and {@code IASTProblem} node collected; they become one {@link UserError} of kind
 * SYNTAX, located at the first (in source order), whose message lists the others.
 */
final class CdtParser {
    /** The name of the typedef that stands for a {@code _Static_assert}. */
    static final String STATIC_ASSERT = "__pdpv_static_assert";

    private CdtParser() {
    }

    static IASTTranslationUnit parse(SourceLocator locator, String source, DataModel model, Preprocessor preprocessor) {
        IASTTranslationUnit tu = parseOnce(locator, source, model, preprocessor);
        List<IASTProblem> problems = problems(tu);
        String mended = withStructSemicolons(locator, source, problems);
        if (mended != null) {
            IASTTranslationUnit again = parseOnce(locator, mended, model, preprocessor);
            if (problems(again).isEmpty()) {
                return again;
            }
        }
        if (!problems.isEmpty()) {
            throw UserError.combined(problems.stream()
                    .map(p -> new UserError(UserError.Kind.SYNTAX, locator.loc(p), p.getMessage())).toList());
        }
        return tu;
    }

    /**
     * GNU C accepts a struct or union whose last member lacks its {@code ;} (gcc warns "no semicolon
     * at end of struct or union"); CDT reports it as a missing {@code ;}. When every problem is of
     * that kind, in the file itself, the source with those semicolons inserted, else null; it is
     * used only if it then parses with no problem (the insertions sit before a closing brace, so
     * no location a later stage reports moves but that brace's column).
     */
    private static String withStructSemicolons(SourceLocator locator, String source, List<IASTProblem> problems) {
        if (problems.isEmpty()) {
            return null;
        }
        List<Integer> at = new ArrayList<>();
        for (IASTProblem p : problems) {
            IASTFileLocation loc = p.getFileLocation();
            if (loc == null || !locator.fileName().equals(loc.getFileName()) || !insideComposite(p)) {
                return null;
            }
            int end = loc.getNodeOffset() + loc.getNodeLength();
            int next = end;
            while (next < source.length() && Character.isWhitespace(source.charAt(next))) {
                next++;
            }
            if (next >= source.length() || source.charAt(next) != '}') {
                return null;
            }
            at.add(end);
        }
        StringBuilder mended = new StringBuilder(source);
        at.stream().distinct().sorted(Comparator.reverseOrder()).forEach(i -> mended.insert((int) i, ';'));
        return mended.toString();
    }

    private static boolean insideComposite(IASTNode node) {
        for (IASTNode n = node; n != null; n = n.getParent()) {
            if (n instanceof IASTCompositeTypeSpecifier) {
                return true;
            }
        }
        return false;
    }

    private static IASTTranslationUnit parseOnce(SourceLocator locator, String source, DataModel model, Preprocessor preprocessor) {
        Map<String, String> macros = new HashMap<>();
        macros.put("__STDC__", "1");
        macros.put("__STDC_VERSION__", "201112L");
        macros.put("__CHAR_BIT__", "8");
        boolean lp64 = model == DataModel.LP64;
        macros.put("__SIZE_TYPE__", lp64 ? "unsigned long" : "unsigned int");
        macros.put("__PTRDIFF_TYPE__", lp64 ? "long" : "int");
        macros.put("__LONG_MAX__", lp64 ? "9223372036854775807L" : "2147483647L");
        if (lp64) {
            macros.put("__LP64__", "1");
        }
        // gcc's predefined sizes, which CDT also reads to evaluate sizeof in constant expressions
        macros.put("__SIZEOF_SHORT__", "2");
        macros.put("__SIZEOF_INT__", "4");
        macros.put("__SIZEOF_LONG__", String.valueOf(model.longWidth() / 8));
        macros.put("__SIZEOF_LONG_LONG__", "8");
        macros.put("__SIZEOF_POINTER__", String.valueOf(model.longWidth() / 8));
        // CDT's C parser does not know C11's _Static_assert: an array typedef whose size is -1
        // when the assertion fails, which ConstraintCheck reports
        macros.put("_Static_assert(e, m)", "typedef char " + STATIC_ASSERT + "[(e) ? 1 : -1]");
        macros.putAll(preprocessor.macros());
        List<String> includes = new ArrayList<>();
        // absolute: CDT resolves a relative include directory against the including file's folder, gcc against the working one
        preprocessor.includeDirs().forEach(d -> includes.add(d.toAbsolutePath().normalize().toString()));
        includes.add(BuiltinHeaders.INCLUDE_DIR);
        ScannerInfo info = new ScannerInfo(macros, includes.toArray(String[]::new));
        IASTTranslationUnit tu;
        try {
            tu = GCCLanguage.getDefault().getASTTranslationUnit(
                    FileContent.create(locator.fileName(), source.toCharArray()), info,
                    new BuiltinHeaders(locator), null, 0, new DefaultLogService());
        } catch (CoreException e) {
            throw new UserError(UserError.Kind.SYNTAX, new SourceLoc(locator.fileName(), 0, 0),
                    "the C parser failed: " + e.getMessage());
        }
        return tu;
    }

    /**
     * Errors as GCC sees them: CDT's errors, missing headers, {@code #error} and a directive that is
     * none ({@code #foo}: gcc's "invalid preprocessing directive"; CDT calls all three warnings).
     */
    private static boolean isError(IASTProblem p) {
        return p.isError() || p.getID() == IProblem.PREPROCESSOR_INCLUSION_NOT_FOUND
                || p.getID() == IProblem.PREPROCESSOR_POUND_ERROR || p.getID() == IProblem.PREPROCESSOR_INVALID_DIRECTIVE;
    }

    /** All preprocessor and syntax errors of the translation unit (not warnings such as #warning), in source order. */
    static List<IASTProblem> problems(IASTTranslationUnit tu) {
        List<IASTProblem> problems = new ArrayList<>();
        for (IASTProblem p : tu.getPreprocessorProblems()) {
            if (isError(p)) {
                problems.add(p);
            }
        }
        tu.accept(new ASTVisitor() {
            {
                shouldVisitProblems = true;
            }

            @Override
            public int visit(IASTProblem problem) {
                if (isError(problem)) {
                    problems.add(problem);
                }
                return PROCESS_CONTINUE;
            }
        });
        problems.sort(Comparator.comparingInt(p -> p.getFileLocation() == null ? 0 : p.getFileLocation().getNodeOffset()));
        return problems;
    }
}
