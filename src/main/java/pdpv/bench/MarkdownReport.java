package pdpv.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Markdown report: a summary per configuration, a table in the layout of thesis Table 4.1
 * with the thesis's figures beside ours, the peer comparison of Figures 5.6/5.10, and the InvGen
 * rows whose verdict depends on the reading of uninitialized globals.
 */
final class MarkdownReport {
    private static final String[][] THESIS_TIME_COLUMNS = {
        {"default", "thesis_pdpv_s"}, {"no-generalization", "thesis_nogen_s"},
        {"no-memoization", "thesis_nomemo_s"}, {"symbolic", "thesis_symbolic_s"}};

    private MarkdownReport() {
    }

    static String render(List<Benchmark> benchmarks, List<Configuration> configs, Results results, String machine,
            String plotFile) {
        boolean svcomp = !benchmarks.isEmpty() && benchmarks.stream().allMatch(b -> b.suite().equals(Benchmark.SVCOMP)
                || b.suite().equals(Benchmark.SVCOMP_TASK));
        StringBuilder md = new StringBuilder(svcomp
                ? "# PDPV on SV-COMP tasks (unreach-call: their data model, undefined behaviour undefined)\n\n"
                : "# PDPV on the benchmarks of thesis Table 4.1\n\n");
        md.append(machine).append("\n\n");
        long wrong = results.wrongCount();
        if (wrong > 0) {
            md.append("**WARNING: ").append(wrong).append(" WRONG VERDICT(S) BY PDPV — see the cells marked WRONG.**\n\n");
        }
        summary(md, configs, results);
        if (plotFile != null) {
            md.append("![solved tasks over time](").append(plotFile).append(")\n\n");
        }
        table41(md, benchmarks, configs, results);
        peers(md, benchmarks, configs, results);
        againstPeers(md, benchmarks, configs, results);
        disagreements(md, benchmarks, configs, results);
        readings(md, benchmarks, configs, results);
        md.append("Cells: time in seconds when the verdict is right; `**WRONG: fal. pos.**` when an unsafe ")
                .append("program is called safe, `**WRONG: fal. neg.**` when a safe one is called unsafe (a peer's ")
                .append("wrong verdicts are shown as plain `fal. pos.`/`fal. neg.`, as in the thesis's figures); otherwise ")
                .append("`unknown`, `timeout`, `memory` (memory limit reached or out of memory), `unsupported` (PDPV ")
                .append("rejected the program, exit code 30), `error` (abnormal exit) ")
                .append("or `n/a` (program not available). ")
                .append("Thesis figures are from 2013 hardware. `disj_simple` runs on our reconstruction of ")
                .append("thesis Figure 5.7b (`examples/fig5_7b_disj_simple.c`); `drevil_2` was not found in public.\n");
        return md.toString();
    }

    private static void summary(StringBuilder md, List<Configuration> configs, Results results) {
        md.append("## Summary (each benchmark under its own reading of globals)\n\n")
                .append("| configuration | solved | wrong | unknown | timeout | memory | unsupported | error | n/a | total time (s) "
                        + "| solved with no PDR call | solved with acceleration |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (Configuration c : configs) {
            List<TaskResult> rs = results.of(c);
            boolean reportsPdrCalls = rs.stream().anyMatch(r -> r.pdrCalls() >= 0);
            boolean reportsAcceleration = rs.stream().anyMatch(r -> r.accelerated() >= 0);
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.1f | %s | %s |\n", c.name(),
                    count(rs, "solved"), rs.stream().filter(TaskResult::wrong).count(), count(rs, "unknown"),
                    count(rs, "timeout"), count(rs, "memory"), count(rs, "unsupported"), count(rs, "error"), count(rs, "n/a"),
                    rs.stream().filter(r -> r.seconds() > 0).mapToDouble(TaskResult::seconds).sum(),
                    reportsPdrCalls ? String.valueOf(rs.stream().filter(r -> r.solved() && r.pdrCalls() == 0).count()) : "",
                    reportsAcceleration ? String.valueOf(rs.stream().filter(r -> r.solved() && r.accelerated() == 1).count()) : ""));
        }
        md.append("Solved with no PDR call (thesis Fig 6.3): decided by the tests, by the seeded likely invariants ")
                .append("alone, or by bounded model checking; empty for a tool that does not report PDR calls. ")
                .append("Solved with acceleration: the answer needed an accelerated loop path (a counterexample through one, ")
                .append("or a proof with one in it); empty for a tool that does not report it.\n\n");
    }

    private static long count(List<TaskResult> rs, String what) {
        if (what.equals("solved")) {
            return rs.stream().filter(TaskResult::solved).count();
        }
        return rs.stream().filter(r -> !r.wrong() && !r.solved() && r.verdict().equals(what)).count();
    }

    private static void table41(StringBuilder md, List<Benchmark> benchmarks, List<Configuration> configs, Results results) {
        md.append("## Table 4.1 layout (ours | thesis)\n\n| benchmark | suite | LOC | expected |");
        StringBuilder rule = new StringBuilder("|---|---|---|---|");
        for (String[] col : THESIS_TIME_COLUMNS) {
            if (config(configs, col[0]).isPresent()) {
                md.append(' ').append(col[0]).append(" (s) | MB | PDR % | thesis (s) |");
                rule.append("---|---|---|---|");
            }
        }
        md.append('\n').append(rule).append('\n');
        for (Benchmark b : benchmarks) {
            md.append("| ").append(b.name()).append(b.reconstruction() ? " (reconstruction)" : "").append(" | ")
                    .append(b.suite()).append(" | ").append(b.thesis("loc")).append(" | ").append(b.expected()).append(" |");
            for (String[] col : THESIS_TIME_COLUMNS) {
                Optional<Configuration> c = config(configs, col[0]);
                if (c.isEmpty()) {
                    continue;
                }
                Optional<TaskResult> r = results.main(b, c.get());
                md.append(' ').append(r.map(Cell::of).orElse("")).append(" | ")
                        .append(r.map(x -> Cell.number(x.memoryMb())).orElse("")).append(" | ")
                        .append(r.map(x -> Cell.number(x.pdrPercent())).orElse("")).append(" | ")
                        .append(b.thesis(col[1])).append(" |");
            }
            md.append('\n');
        }
        md.append('\n');
    }

    private static void peers(StringBuilder md, List<Benchmark> benchmarks, List<Configuration> configs, Results results) {
        md.append("## PDPV and its peers (Figures 5.6 and 5.10)\n\n| benchmark | expected |");
        StringBuilder rule = new StringBuilder("|---|---|");
        for (Configuration c : configs) {
            md.append(' ').append(c.name()).append(" |");
            rule.append("---|");
        }
        md.append(" InvGen (thesis) | IMPACT* (thesis) |\n").append(rule).append("---|---|\n");
        for (Benchmark b : benchmarks) {
            md.append("| ").append(b.name()).append(" | ").append(b.expected()).append(" |");
            for (Configuration c : configs) {
                md.append(' ').append(results.main(b, c).map(Cell::of).orElse("")).append(" |");
            }
            md.append(' ').append(b.thesis("thesis_invgen")).append(" | ").append(b.thesis("thesis_impact")).append(" |\n");
        }
        md.append('\n');
    }

    /**
     * Each of PDPV's configurations against each peer (Spacer, an external tool; issue #10's table,
     * thesis Fig 3.14's counts): the tasks both solve, their summed times and the ratio, on how
     * many of them each is faster, and the tasks only one of the two solves.
     */
    private static void againstPeers(StringBuilder md, List<Benchmark> benchmarks, List<Configuration> configs,
            Results results) {
        List<Configuration> peers = configs.stream().filter(Configuration::isPeer).toList();
        List<Configuration> ours = configs.stream().filter(c -> !c.isPeer()).toList();
        if (peers.isEmpty() || ours.isEmpty()) {
            return;
        }
        md.append("## Against each peer (tasks both solve)\n\n")
                .append("| configuration | peer | both solve | configuration (s) | peer (s) | time ratio | configuration faster "
                        + "| peer faster | only configuration | only peer |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        for (Configuration peer : peers) {
            for (Configuration c : ours) {
                int both = 0;
                int oursFaster = 0;
                int peerFaster = 0;
                int onlyOurs = 0;
                int onlyPeer = 0;
                double ourTime = 0;
                double peerTime = 0;
                for (Benchmark b : benchmarks) {
                    Optional<TaskResult> a = results.main(b, c).filter(TaskResult::solved);
                    Optional<TaskResult> p = results.main(b, peer).filter(TaskResult::solved);
                    if (a.isPresent() && p.isPresent()) {
                        both++;
                        ourTime += a.get().seconds();
                        peerTime += p.get().seconds();
                        oursFaster += a.get().seconds() < p.get().seconds() ? 1 : 0;
                        peerFaster += p.get().seconds() < a.get().seconds() ? 1 : 0;
                    } else if (a.isPresent()) {
                        onlyOurs++;
                    } else if (p.isPresent()) {
                        onlyPeer++;
                    }
                }
                md.append(String.format(Locale.ROOT, "| %s | %s | %d | %.1f | %.1f | %s | %d | %d | %d | %d |\n", c.name(),
                        peer.name(), both, ourTime, peerTime,
                        peerTime > 0 ? String.format(Locale.ROOT, "%.1f", ourTime / peerTime) : "", oursFaster, peerFaster,
                        onlyOurs, onlyPeer));
            }
        }
        md.append('\n');
    }

    /** The tasks whose expected verdict is not known and on which two configurations answer safe and unsafe. */
    private static void disagreements(StringBuilder md, List<Benchmark> benchmarks, List<Configuration> configs,
            Results results) {
        StringBuilder rows = new StringBuilder();
        for (Benchmark b : benchmarks) {
            if (!b.expected().equals("unknown")) {
                continue;
            }
            List<String> answers = new ArrayList<>();
            for (Configuration c : configs) {
                results.main(b, c).filter(TaskResult::definite).ifPresent(r -> answers.add(c.name() + ": " + r.verdict()));
            }
            if (answers.stream().anyMatch(a -> a.endsWith(": safe")) && answers.stream().anyMatch(a -> a.endsWith(": unsafe"))) {
                rows.append("| ").append(b.name()).append(" | ").append(String.join(", ", answers)).append(" |\n");
            }
        }
        if (benchmarks.stream().anyMatch(b -> b.expected().equals("unknown"))) {
            md.append("## Tasks without a known verdict: disagreements\n\n");
            md.append(rows.isEmpty() ? "No two configurations answer safe and unsafe on the same task.\n\n"
                    : "| benchmark | answers |\n|---|---|\n" + rows + "\n");
        }
    }

    private static void readings(StringBuilder md, List<Benchmark> benchmarks, List<Configuration> configs, Results results) {
        Optional<Configuration> def = config(configs, "default");
        if (def.isEmpty()) {
            return;
        }
        StringBuilder rows = new StringBuilder();
        for (Benchmark b : benchmarks) {
            Optional<TaskResult> nondet = results.find(b, def.get(), true);
            Optional<TaskResult> zero = results.find(b, def.get(), false);
            if (b.nondetGlobals() && nondet.isPresent() && zero.isPresent()
                    && !nondet.get().verdict().equals(zero.get().verdict())) {
                rows.append("| ").append(b.name()).append(" | ").append(nondet.get().verdict()).append(" | ")
                        .append(zero.get().verdict()).append(" |\n");
            }
        }
        md.append("## InvGen rows under both readings of uninitialized globals (default configuration)\n\n");
        if (rows.isEmpty()) {
            md.append("No verdict depends on the reading.\n\n");
        } else {
            md.append("| benchmark | --nondet-globals (InvGen's reading) | zero globals (C's reading) |\n|---|---|---|\n")
                    .append(rows).append('\n');
        }
    }

    private static Optional<Configuration> config(List<Configuration> configs, String name) {
        return configs.stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
