"""``validate``, ``ground`` and ``solve``: one task (a domain and a problem) checked first, then replayed against a
plan, grounded, or solved; a task with errors is reported and goes no further."""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_LIMIT, EXIT_OK, EXIT_UNSOLVABLE, EXIT_USAGE, UsageError,
                                     eprint, output_file, positive_float, positive_int, refused_grounding)
from agentgen_sym.compiler.compile import CheckedTask, CompiledTask, compile_task
from agentgen_sym.compiler.diagnostics import Diagnostic, SourceCache, has_errors, render_text
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.compiler.limits import MAX_BYTES, MAX_INSTANCES, MAX_OPERATORS, Budget, Deadline, LimitReached
from agentgen_sym.compiler.parser import ParseResult
from agentgen_sym.compiler.validate import ValidationResult, validate, validation_json
from agentgen_sym.files import write_atomic
from agentgen_sym.inputs import InputError, load_task, read_anyway_line
from agentgen_sym.planners.result import Status
from agentgen_sym.solver import GROUNDING_FREE, SOLVER_NAMES, solve

# --------------------------------------------------------------------------- validate


def add_validate(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate",
                       description="Replay PLAN (an IPC plan file: one `(action arg ...)` per line) step by step on "
                                   "the lifted domain, independent of any grounder: every step must be applicable "
                                   "and the goal must hold at the end. Prints the plan's cost, or the first step "
                                   "that fails and why. The task itself must pass `agentgen-sym check`.",
                       epilog="Exit codes: 0 the plan is valid, 1 it is not (or a file has errors), 2 usage or I/O "
                              "error, 4 a limit was reached. `agentgen-sym explain V805` explains a diagnostic.")
    v.add_argument("domain", metavar="DOMAIN", help="the domain file")
    v.add_argument("problem", metavar="PROBLEM", help="the problem file")
    v.add_argument("plan", metavar="PLAN", help="the plan file")
    v.add_argument("--format", choices=["text", "json"], default="text", help="output format (default: text)")
    v.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=f"refuse larger files (default {MAX_BYTES})")
    v.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="give up S seconds after the command started, its start-up, parsing and checking "
                        "included (exit 4)")
    v.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up when the process's resident memory passes MB (exit 4)")
    v.add_argument("--max-instances", type=positive_int, default=MAX_INSTANCES, metavar="N",
                   help=f"give up on a quantifier (forall, exists) that has more than N instances to test "
                        f"(exit 4; default {MAX_INSTANCES:,})")
    v.set_defaults(handler=cmd_validate)


def cmd_validate(args: argparse.Namespace) -> int:
    budget = Budget(Deadline.for_command(args.time_limit), args.memory_limit)  # parsing, checking and the replay
    sources = SourceCache()
    outcome: ValidationResult | None = None
    try:
        results, found = _load_task(sources, args.max_bytes, budget, args.domain, args.problem, args.plan)
        if not has_errors(found):
            outcome = validate(*(r.node for r in results), budget, args.max_instances)
            found = list(outcome.diagnostics)
    except LimitReached as exc:
        eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    if args.format == "json":
        print(json.dumps(validation_json(outcome, results[2].node, found), indent=2))
    else:
        for d in found:
            print(render_text(d, sources) + "\n")
        print(_verdict(outcome))
    return EXIT_OK if outcome is not None and outcome.valid else EXIT_FINDINGS


def _verdict(outcome: ValidationResult | None) -> str:
    if outcome is None:
        return "not validated: the task has errors"
    if outcome.valid:
        return f"valid plan: {outcome.steps_done} step{'s' * (outcome.steps_done != 1)}, cost {outcome.cost}"
    if outcome.failed_step is not None:
        return f"invalid plan: step {outcome.failed_step} cannot be applied"
    return f"invalid plan: the goal is not reached after {outcome.steps_done} steps"


def _load_task(sources: SourceCache, max_bytes: int, budget: Budget, domain_path: str, problem_path: str,
               plan_path: str | None = None) -> tuple[list[ParseResult], list[Diagnostic]]:
    """``inputs.load_task`` on the files named: the parse results and the errors; the findings read anyway are
    a line each on stderr (published files draw several)."""
    try:
        results, found, read_anyway = load_task(sources, max_bytes, budget, Path(domain_path), Path(problem_path),
                                                None if plan_path is None else Path(plan_path))
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    for d in read_anyway:
        eprint(read_anyway_line(d))
    return results, found


# --------------------------------------------------------------------------- ground


def add_ground(sub: argparse._SubParsersAction) -> None:
    g = sub.add_parser("ground",
                       description="Ground DOMAIN and PROBLEM (relaxed reachability, static facts removed, ADL "
                                   "compiled to conditional STRIPS); print the sizes as JSON; -o saves the task.")
    g.add_argument("domain", metavar="DOMAIN")
    g.add_argument("problem", metavar="PROBLEM")
    g.add_argument("-o", "--output", metavar="TASK.npz", type=output_file, help="save the GroundTask (.npz)")
    g.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="give up S seconds after the command started, its start-up, parsing and checking "
                        "included (exit 4)")
    g.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up when the process's resident memory passes MB (exit 4)")
    _max_operators_option(g)
    g.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=argparse.SUPPRESS)
    g.set_defaults(handler=cmd_ground)


def _max_operators_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-operators", type=positive_int, default=MAX_OPERATORS, metavar="N",
                   help="refuse a task whose grounding would pass N operators, candidate bindings of one action "
                        "or instances of one quantifier, estimated before they are made (error G702, exit 4; "
                        f"default {MAX_OPERATORS:,})")


def _compiled(args: argparse.Namespace, quiet: bool, deadline: Deadline, memory_limit_mb: float | None,
              lifted: bool = False) -> CompiledTask | CheckedTask | int:
    """Parse, check and ground DOMAIN and PROBLEM (``lifted``: ground nothing); print what is wrong and return the
    exit code when anything is (1 for errors, 4 for a limit reached while grounding, the --max-operators bound
    included)."""
    sources = SourceCache()
    try:
        results, found = _load_task(sources, args.max_bytes, Budget(deadline, memory_limit_mb), args.domain,
                                    args.problem)
    except LimitReached as exc:
        eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    if has_errors(found):
        for d in found:
            eprint(render_text(d, sources) + "\n")
        return EXIT_FINDINGS
    if lifted:  # _load_task checked the task already
        return CheckedTask(results[0].node, results[1].node)
    try:
        task = compile_task(results[0].node, results[1].node, memory_limit_mb=memory_limit_mb, deadline=deadline,
                            max_operators=args.max_operators)
    except LimitReached as exc:
        eprint(f"stopped: {exc}")
        return EXIT_LIMIT
    except GroundingError as exc:
        return refused_grounding(exc)
    if not quiet:
        stats = task.stats
        eprint(f"grounded: {stats.n_facts} facts, {stats.n_operators} operators, "
               f"{stats.n_conditional_effects} conditional effects, {stats.n_axioms} axioms in {stats.seconds:.2f} s")
    return task


def cmd_ground(args: argparse.Namespace) -> int:
    task = _compiled(args, True, Deadline.for_command(args.time_limit), args.memory_limit)  # parsing included
    if isinstance(task, int):
        return task
    stats = task.stats
    print(json.dumps({"facts": stats.n_facts, "operators": stats.n_operators,
                      "conditional_effects": stats.n_conditional_effects, "axioms": stats.n_axioms,
                      "goal_facts": len(task.goal_ids), "seconds": round(stats.seconds, 4),
                      "passes": {name: round(seconds, 4) for name, seconds in stats.passes.items()}}, indent=2))
    if args.output:
        saved = io.BytesIO()
        task.ground.save(saved)
        write_atomic(Path(args.output), saved.getvalue())
    return EXIT_OK


# --------------------------------------------------------------------------- solve


def add_solve(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("solve",
                       description="Check, ground and solve a task; print the plan in IPC format and validate it "
                                   "on the lifted semantics before anything is written. Planners: "
                                   + ", ".join(SOLVER_NAMES) + ". " + " and ".join(GROUNDING_FREE)
                                   + " ground nothing: they plan on tasks whose grounding does not fit.",
                       epilog="Exit codes: 0 plan found, 1 input errors, 2 usage error (or a planner that "
                              "refuses the task), 3 proved unsolvable, 4 a limit was reached.")
    v.add_argument("domain", metavar="DOMAIN")
    v.add_argument("problem", metavar="PROBLEM")
    v.add_argument("--planner", metavar="NAME", help="a planner by name (default: 'default', or 'optimal' "
                                                     "with --optimal)")
    v.add_argument("--optimal", action="store_true", help="find a cost-optimal plan (A* with LM-cut)")
    v.add_argument("--time-limit", type=positive_float, metavar="S",
                   help="give up S seconds after the command started, its start-up, parsing and grounding "
                        "included (exit 4)")
    v.add_argument("--memory-limit", type=positive_float, metavar="MB",
                   help="give up beyond MB: the process's resident memory while grounding, the search's own "
                        "structures while searching (exit 4)")
    v.add_argument("-o", "--output", metavar="PLAN", type=output_file, help="also write the plan to this file")
    v.add_argument("-q", "--quiet", action="store_true", help="no statistics on stderr")
    v.add_argument("--format", choices=["plan", "json"], default="plan",
                   help="plan: the IPC plan file (default); json: the outcome as data (status, plan steps, cost, "
                        "search statistics), printed for every search outcome, the exit code unchanged")
    _max_operators_option(v)
    v.add_argument("--max-bytes", type=positive_int, default=MAX_BYTES, help=argparse.SUPPRESS)
    v.set_defaults(handler=cmd_solve)


def cmd_solve(args: argparse.Namespace) -> int:
    deadline = Deadline.for_command(args.time_limit)  # the one deadline of parsing, grounding, search and validation
    name = args.planner or ("optimal" if args.optimal else "default")
    if name not in SOLVER_NAMES:
        raise UsageError(f"unknown planner {name!r}; choose one of {', '.join(SOLVER_NAMES)}")
    task = _compiled(args, args.quiet, deadline, args.memory_limit, lifted=name in GROUNDING_FREE)
    if isinstance(task, int):
        return task
    solution = solve(task, name, memory_limit_mb=args.memory_limit, deadline=deadline)
    stats = solution.stats
    if not args.quiet:
        eprint(f"{name}: {solution.status.value}; expanded {stats.expanded}, generated {stats.generated}, "
               f"evaluated {stats.evaluated} in {stats.seconds:.2f} s ({stats.expansions_per_second:.0f}/s), "
               f"peak {stats.peak_memory_mb:.1f} MB")
        eprint("seconds per pass: " + ", ".join(f"{name} {seconds:.3f}" for name, seconds in solution.timings.items()))
    if args.format == "json" and solution.status is not Status.UNSUPPORTED:
        print(json.dumps(solution.to_json(), indent=2))
    if solution.status is Status.UNSUPPORTED:
        eprint(f"error: {solution.message}")
        return EXIT_USAGE
    if solution.status is Status.UNSOLVABLE:
        eprint("the task is unsolvable: the search exhausted every reachable state")
        return EXIT_UNSOLVABLE
    if solution.status is Status.LIMIT_REACHED:
        eprint(f"no plan: {solution.message or 'a limit was reached'}")
        return EXIT_LIMIT
    if not solution.solved:
        eprint(f"error: {solution.message}")
        return EXIT_FINDINGS
    text = solution.plan_text()
    if args.output:
        write_atomic(Path(args.output), text)
    if args.format == "plan":
        sys.stdout.write(text)
    return EXIT_OK
