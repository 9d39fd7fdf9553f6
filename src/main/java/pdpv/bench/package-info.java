/**
 * The benchmark runner behind {@code pdpv bench}: the Table 4.1 manifest, one child JVM per
 * (benchmark, configuration) task with a time limit and measured peak memory, and the reports
 * (CSV, Markdown tables in the layout of thesis Table 4.1 and Figures 5.6/5.10, plots). It runs
 * PDPV and its peers only as processes, so it depends on no other PDPV package.
 */
package pdpv.bench;
