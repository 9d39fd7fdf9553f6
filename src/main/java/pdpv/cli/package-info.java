/**
 * The command line: {@code verify} (and later {@code mc}, {@code chc}, {@code bench}), options,
 * output formats and exit codes (0 safe, 10 unsafe, 20 unknown, 30 bad input, 1 crash).
 */
package pdpv.cli;
