package pdpv.frontend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.cdt.core.parser.FileContent;
import org.eclipse.cdt.core.index.IIndexFileLocation;
import org.eclipse.cdt.internal.core.parser.IMacroDictionary;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContent;
import org.eclipse.cdt.internal.core.parser.scanner.InternalFileContentProvider;

/**
 * The headers a program includes: the standard headers PDPV serves from built-in text, so that a
 * verification result never depends on the host's C library, and the user's own headers, read from
 * disk (the including file's directory for {@code #include "h"}, then the {@code -I} directories,
 * then the built-in ones, as gcc searches its system directories last). {@code assert} is declared
 * as a function (PDPV recognizes the call by name and keeps the condition's text), unless
 * {@code NDEBUG} turns it off as in C. Both {@code #include <h>} and {@code #include "h"} resolve
 * to a built-in header; any other header that is not on disk is reported as not found. {@code float.h}
 * gives the limits of {@code float} and {@code double} only so that a header that includes it (Csmith's
 * {@code csmith.h}) can be read; any use of a floating-point type is reported as unsupported. Each user
 * header read is handed to the {@link SourceLocator}, which locates its nodes in its own text.
 */
final class BuiltinHeaders extends InternalFileContentProvider {
    /** The pseudo directory given to the scanner as the only include path. */
    static final String INCLUDE_DIR = "/pdpv-builtin-headers";

    private static final Map<String, String> HEADERS = Map.of(
            "assert.h", """
                    #ifndef _PDPV_ASSERT_H
                    #define _PDPV_ASSERT_H
                    extern void __assert_fail(const char *__assertion, const char *__file, unsigned int __line, const char *__function);
                    extern void (assert)(int __expression);
                    #endif
                    #ifdef NDEBUG
                    #undef assert
                    #define assert(e) ((void) 0)
                    #endif
                    """,
            "stdlib.h", """
                    #ifndef _PDPV_STDLIB_H
                    #define _PDPV_STDLIB_H
                    #define NULL ((void *) 0)
                    #define EXIT_SUCCESS 0
                    #define EXIT_FAILURE 1
                    extern void abort(void);
                    extern void exit(int __status);
                    extern int rand(void);
                    extern void *malloc(__SIZE_TYPE__ __size);
                    extern void free(void *__ptr);
                    #endif
                    """,
            "stdio.h", """
                    #ifndef _PDPV_STDIO_H
                    #define _PDPV_STDIO_H
                    #define NULL ((void *) 0)
                    #define EOF (-1)
                    extern int printf(const char *__format, ...);
                    extern int getchar(void);
                    extern int putchar(int __c);
                    #endif
                    """,
            "limits.h", """
                    #ifndef _PDPV_LIMITS_H
                    #define _PDPV_LIMITS_H
                    #define CHAR_BIT 8
                    #define SCHAR_MIN (-128)
                    #define SCHAR_MAX 127
                    #define UCHAR_MAX 255
                    #define CHAR_MIN SCHAR_MIN
                    #define CHAR_MAX SCHAR_MAX
                    #define SHRT_MIN (-32768)
                    #define SHRT_MAX 32767
                    #define USHRT_MAX 65535
                    #define INT_MIN (-2147483647 - 1)
                    #define INT_MAX 2147483647
                    #define UINT_MAX 4294967295U
                    #define LONG_MAX __LONG_MAX__
                    #define LONG_MIN (-__LONG_MAX__ - 1L)
                    #define ULONG_MAX (__LONG_MAX__ * 2UL + 1UL)
                    #define LLONG_MAX 9223372036854775807LL
                    #define LLONG_MIN (-9223372036854775807LL - 1LL)
                    #define ULLONG_MAX 18446744073709551615ULL
                    #endif
                    """,
            "stdbool.h", """
                    #ifndef _PDPV_STDBOOL_H
                    #define _PDPV_STDBOOL_H
                    #define bool _Bool
                    #define true 1
                    #define false 0
                    #define __bool_true_false_are_defined 1
                    #endif
                    """,
            "stdint.h", """
                    #ifndef _PDPV_STDINT_H
                    #define _PDPV_STDINT_H
                    typedef signed char int8_t;
                    typedef short int16_t;
                    typedef int int32_t;
                    typedef long long int64_t;
                    typedef unsigned char uint8_t;
                    typedef unsigned short uint16_t;
                    typedef unsigned int uint32_t;
                    typedef unsigned long long uint64_t;
                    #define INT8_MIN (-128)
                    #define INT8_MAX 127
                    #define UINT8_MAX 255
                    #define INT16_MIN (-32768)
                    #define INT16_MAX 32767
                    #define UINT16_MAX 65535
                    #define INT32_MIN (-2147483647 - 1)
                    #define INT32_MAX 2147483647
                    #define UINT32_MAX 4294967295U
                    #define INT64_MIN (-9223372036854775807LL - 1LL)
                    #define INT64_MAX 9223372036854775807LL
                    #define UINT64_MAX 18446744073709551615ULL
                    #endif
                    """,
            "stddef.h", """
                    #ifndef _PDPV_STDDEF_H
                    #define _PDPV_STDDEF_H
                    #define NULL ((void *) 0)
                    typedef __SIZE_TYPE__ size_t;
                    typedef __PTRDIFF_TYPE__ ptrdiff_t;
                    typedef int wchar_t;
                    #define offsetof(type, member) __builtin_offsetof(type, member)
                    #endif
                    """,
            "float.h", """
                    #ifndef _PDPV_FLOAT_H
                    #define _PDPV_FLOAT_H
                    #define FLT_RADIX 2
                    #define FLT_MANT_DIG 24
                    #define DBL_MANT_DIG 53
                    #define FLT_DIG 6
                    #define DBL_DIG 15
                    #define FLT_MAX 3.40282346638528859811704183484516925e+38F
                    #define DBL_MAX ((double)1.79769313486231570814527423731704357e+308L)
                    #define FLT_MIN 1.17549435082228750796873653722224568e-38F
                    #define DBL_MIN ((double)2.22507385850720138309023271733240406e-308L)
                    #define FLT_EPSILON 1.19209289550781250000000000000000000e-7F
                    #define DBL_EPSILON ((double)2.22044604925031308084726333618164062e-16L)
                    #endif
                    """,
            "string.h", "",
            "math.h", "");

    private final SourceLocator locator;

    /** {@code locator}: told the text of every user header read. */
    BuiltinHeaders(SourceLocator locator) {
        this.locator = locator;
    }

    /** The built-in header text served for a path in {@link #INCLUDE_DIR}, or null if PDPV does not provide it. */
    static String text(String path) {
        return path.startsWith(INCLUDE_DIR + "/") ? HEADERS.get(baseName(path)) : null;
    }

    private static String baseName(String path) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return path.substring(slash + 1);
    }

    @Override
    public boolean getInclusionExists(String path) {
        return text(path) != null || !path.startsWith(INCLUDE_DIR + "/") && Files.isRegularFile(Path.of(path));
    }

    @Override
    public InternalFileContent getContentForInclusion(String path, IMacroDictionary macroDictionary) {
        String text = text(path);
        if (text != null) {
            return (InternalFileContent) FileContent.create(INCLUDE_DIR + "/" + baseName(path), text.toCharArray());
        }
        if (path.startsWith(INCLUDE_DIR + "/") || !Files.isRegularFile(Path.of(path))) {
            return null;
        }
        try {
            String header = Files.readString(Path.of(path), StandardCharsets.ISO_8859_1);
            locator.addHeader(path, header);
            return (InternalFileContent) FileContent.create(path, header.toCharArray());
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public InternalFileContent getContentForInclusion(IIndexFileLocation location, String astPath) {
        return null;
    }
}
