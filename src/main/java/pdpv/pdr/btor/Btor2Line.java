package pdpv.pdr.btor;

import java.util.List;

/**
 * One BTOR2 line split into tokens: {@code id keyword argument... [symbol]}, comments removed.
 * Which trailing token is the symbol depends on the keyword's arity, so the reader asks for it.
 */
record Btor2Line(int lineNumber, long id, String keyword, List<String> args) {

    /** Splits a line of text; answers null for blank and comment lines. */
    static Btor2Line parse(int lineNumber, String text) throws Btor2Exception {
        int comment = text.indexOf(';');
        String code = (comment >= 0 ? text.substring(0, comment) : text).trim();
        if (code.isEmpty()) {
            return null;
        }
        List<String> tokens = List.of(code.split("\\s+"));
        long id = parseId(lineNumber, tokens.get(0));
        if (tokens.size() < 2) {
            throw Btor2Exception.error(lineNumber, "missing keyword after id " + id);
        }
        return new Btor2Line(lineNumber, id, tokens.get(1), tokens.subList(2, tokens.size()));
    }

    private static long parseId(int lineNumber, String token) throws Btor2Exception {
        long id;
        try {
            id = Long.parseLong(token);
        } catch (NumberFormatException e) {
            id = 0;
        }
        if (id <= 0) {
            throw Btor2Exception.error(lineNumber, "expected a positive node id, found '" + token + "'");
        }
        return id;
    }

    /** The {@code i}-th argument as a string; an error if the line is too short. */
    String arg(int i) throws Btor2Exception {
        if (i >= args.size()) {
            throw Btor2Exception.error(lineNumber, "'" + keyword + "' expects more arguments");
        }
        return args.get(i);
    }

    /** The {@code i}-th argument as a (possibly negative) integer. */
    long number(int i) throws Btor2Exception {
        String token = arg(i);
        try {
            return Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw Btor2Exception.error(lineNumber, "expected a number, found '" + token + "'");
        }
    }

    /** The optional symbol after {@code arity} arguments; an error if more tokens follow. */
    String symbol(int arity) throws Btor2Exception {
        if (args.size() < arity) {
            throw Btor2Exception.error(lineNumber, "'" + keyword + "' expects " + arity + " arguments");
        }
        if (args.size() > arity + 1) {
            throw Btor2Exception.error(lineNumber, "unexpected '" + args.get(arity + 1) + "' after the symbol");
        }
        return args.size() == arity + 1 ? args.get(arity) : null;
    }
}
