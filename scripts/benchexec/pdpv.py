# BenchExec tool-info module for PDPV (Property Directed Program Verification).
#
# Install: copy this file into BenchExec's tool-info package as benchexec/tools/pdpv.py (or put
# this directory on PYTHONPATH and name the tool "pdpv" in the benchmark definition, e.g.
# <benchmark tool="pdpv" ...>), and put PDPV's launcher scripts/pdpv (which builds target/pdpv.jar
# on first use; Java 17 and Maven needed) where BenchExec looks for tools (the tool directory or PATH).
#
# What it runs, for each task:   pdpv verify --format svcomp [--property P.prp] [--32|--64] [options] FILE.c
# - the property file of the task (unreach-call.prp or no-overflow.prp; PDPV rejects others with exit code 30),
# - the task's data model (options.data_model of the task definition),
# - under unreach-call, signed overflow is undefined behaviour (PDPV's --signed-overflow undefined), as SV-COMP reads it;
#   under no-overflow, an overflow is the violation.
# PDPV prints its usual answer and, last, "Verification result: TRUE|FALSE(unreach-call)|FALSE(no-overflow)|UNKNOWN".
# Exit codes: 0 safe, 10 unsafe, 20 unknown, 30 bad input or unsupported construct, anything else a crash.

import benchexec.result as result
import benchexec.tools.template
from benchexec.tools.sv_benchmarks_util import ILP32, LP64, get_data_model_from_task


class Tool(benchexec.tools.template.BaseTool2):
    """
    Tool info for PDPV, a bit-precise verifier of C assertions by property directed reachability
    (T. Welp, Property Directed Program Verification, 2013).
    """

    RESULTS = {
        "TRUE": result.RESULT_TRUE_PROP,
        "FALSE(unreach-call)": result.RESULT_FALSE_REACH,
        "FALSE(no-overflow)": result.RESULT_FALSE_OVERFLOW,
        "UNKNOWN": result.RESULT_UNKNOWN,
    }

    def executable(self, tool_locator):
        return tool_locator.find_executable("pdpv", subdir="scripts")

    def name(self):
        return "PDPV"

    def version(self, executable):
        # "pdpv 0.1.0 (Z3 4.x.y)": the first line of `pdpv verify --version`.
        return self._version_from_tool(executable, arg="--version").splitlines()[0].strip()

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "verify", "--format", "svcomp"]
        if task.property_file:
            cmd += ["--property", task.property_file]
        data_model = get_data_model_from_task(task, {ILP32: "--32", LP64: "--64"})
        if data_model and data_model not in options:
            cmd.append(data_model)
        return cmd + list(options) + [task.single_input_file]

    def determine_result(self, run):
        for line in reversed(run.output):
            line = line.strip()
            if line.startswith("Verification result: "):
                answer = line[len("Verification result: "):]
                return self.RESULTS.get(answer, result.RESULT_ERROR + "(" + answer + ")")
        if run.exit_code.value == 30:
            return result.RESULT_ERROR + "(unsupported or bad input)"
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        return result.RESULT_ERROR
