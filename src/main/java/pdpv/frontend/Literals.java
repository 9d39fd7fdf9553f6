package pdpv.frontend;

import java.math.BigInteger;
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
        long value;
        if (body.charAt(0) != '\\') {
            if (body.length() != 1) {
                throw new UserError(UserError.Kind.UNSUPPORTED, loc, "multi-character constant " + text);
            }
            value = body.charAt(0);
        } else {
            char c = body.charAt(1);
            value = switch (c) {
                case 'n' -> '\n';
                case 't' -> '\t';
                case 'r' -> '\r';
                case 'a' -> 7;
                case 'b' -> '\b';
                case 'f' -> '\f';
                case 'v' -> 11;
                case 'x' -> Long.parseLong(body.substring(2), 16);
                case '0', '1', '2', '3', '4', '5', '6', '7' -> Long.parseLong(body.substring(1), 8);
                default -> c;
            };
        }
        CType plainChar = semantics.type(Kind.CHAR, true);
        return new Expr.Const(semantics.intType(), plainChar.toLong(plainChar.normalize(value)));
    }
}
