package pdpv.frontend;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import pdpv.cfg.Expr;
import pdpv.cfg.SourceLoc;
import pdpv.semantics.CSemantics;
import pdpv.semantics.CType;
import pdpv.semantics.CType.Kind;

/**
 * Integer and character constants with C's typing rules (C11 §6.4.4.1): the first of the
 * candidate types that holds the value, where decimal constants without {@code U} stay signed and
 * octal/hex constants may become unsigned. Character constants are int with plain char's value.
 */
final class Literals {
    private final CSemantics semantics;

    Literals(CSemantics semantics) {
        this.semantics = semantics;
    }

    Expr integer(String text, SourceLoc loc) {
        String s = text.replace("'", "");
        int end = s.length();
        while (end > 0 && "uUlL".indexOf(s.charAt(end - 1)) >= 0) {
            end--;
        }
        String suffix = s.substring(end).toLowerCase();
        String digits = s.substring(0, end);
        BigInteger value;
        boolean decimal;
        try {
            if (digits.startsWith("0x") || digits.startsWith("0X")) {
                value = new BigInteger(digits.substring(2), 16);
                decimal = false;
            } else if (digits.startsWith("0b") || digits.startsWith("0B")) {
                value = new BigInteger(digits.substring(2), 2);
                decimal = false;
            } else if (digits.length() > 1 && digits.startsWith("0")) {
                value = new BigInteger(digits.substring(1), 8);
                decimal = false;
            } else {
                value = new BigInteger(digits);
                decimal = true;
            }
        } catch (NumberFormatException e) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "constant " + text);
        }
        boolean unsigned = suffix.contains("u");
        int longs = suffix.length() - (unsigned ? 1 : 0);
        Kind[] kinds = longs >= 2 ? new Kind[] {Kind.LONG_LONG} : longs == 1 ? new Kind[] {Kind.LONG, Kind.LONG_LONG}
                : new Kind[] {Kind.INT, Kind.LONG, Kind.LONG_LONG};
        for (Kind kind : kinds) {
            if (!unsigned && fits(value, semantics.type(kind, true))) {
                return new Expr.Const(semantics.type(kind, true), value.longValue());
            }
            if ((unsigned || !decimal) && fits(value, semantics.type(kind, false))) {
                return new Expr.Const(semantics.type(kind, false), value.longValue());
            }
        }
        throw new UserError(UserError.Kind.UNSUPPORTED, loc, "integer constant too large: " + text);
    }

    private static boolean fits(BigInteger value, CType t) {
        return value.bitLength() <= (t.signed() ? t.width() - 1 : t.width());
    }

    /** A character constant such as {@code 'a'} or {@code '\xff'}: int with the value of a (signed) char. */
    Expr character(String text, SourceLoc loc) {
        String s = text;
        if (s.startsWith("L") || s.startsWith("u") || s.startsWith("U")) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "wide character constant " + text);
        }
        if (s.length() < 3 || s.charAt(0) != '\'' || s.charAt(s.length() - 1) != '\'') {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "character constant " + text);
        }
        try {
            return characterValue(s.substring(1, s.length() - 1), text, loc);
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "character constant " + text);
        }
    }

    private Expr characterValue(String body, String text, SourceLoc loc) {
        List<Long> chars = characters(body, loc);
        if (chars.size() != 1) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "multi-character constant " + text);
        }
        CType plainChar = semantics.type(Kind.CHAR, true);
        return new Expr.Const(semantics.intType(), plainChar.toLong(plainChar.normalize(chars.get(0))));
    }

    /** The characters (as raw char bits) of a string literal {@code "..."}, without the terminating zero (issue #20). */
    List<Long> string(String text, SourceLoc loc) {
        if (text.length() < 2 || text.charAt(0) != '"' || text.charAt(text.length() - 1) != '"') {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "string literal " + text);
        }
        try {
            return characters(text.substring(1, text.length() - 1), loc);
        } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
            throw new UserError(UserError.Kind.UNSUPPORTED, loc, "string literal " + text);
        }
    }

    /** The characters of the body of a character constant or string literal, escapes decoded (C11 §6.4.4.4). */
    private static List<Long> characters(String body, SourceLoc loc) {
        List<Long> out = new ArrayList<>();
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c != '\\') {
                if (c > 0xFF) {
                    throw new UserError(UserError.Kind.UNSUPPORTED, loc, "character outside Latin-1: " + c);
                }
                out.add((long) c & 0xFF);
                i++;
                continue;
            }
            char e = body.charAt(i + 1);
            if (e == 'x') {
                int j = i + 2;
                while (j < body.length() && Character.digit(body.charAt(j), 16) >= 0) {
                    j++;
                }
                out.add(Long.parseLong(body.substring(i + 2, j), 16) & 0xFF);
                i = j;
            } else if (e >= '0' && e <= '7') {
                int j = i + 1;
                while (j < body.length() && j < i + 4 && body.charAt(j) >= '0' && body.charAt(j) <= '7') {
                    j++;
                }
                out.add(Long.parseLong(body.substring(i + 1, j), 8) & 0xFF);
                i = j;
            } else {
                out.add((long) switch (e) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'a' -> 7;
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'v' -> 11;
                    default -> e;
                });
                i += 2;
            }
        }
        return out;
    }
}
