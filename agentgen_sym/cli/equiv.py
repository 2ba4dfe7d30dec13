"""``equiv``: whether two domains (or two problems of one domain) mean the same, as a verdict with the renaming, a
counterexample or what was checked; text, json, sarif and github output like ``check``."""

from __future__ import annotations

import argparse
import json

from agentgen_sym import __version__
from agentgen_sym.cli.common import UsageError, eprint, job_limit_options, positive_int
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import SourceCache, render_github, render_text
from agentgen_sym.compiler.limits import Budget, Deadline
from agentgen_sym.equiv import EquivBudget, Verdict
from agentgen_sym.inputs import InputError, equiv_sources


def add_equiv(sub: argparse._SubParsersAction) -> None:
    defaults = EquivBudget()
    e = sub.add_parser("equiv",
                       description="Compare two domains up to a consistent renaming of types, predicates, actions, "
                                   "parameters and constants: a structural match gives the renaming; when there is "
                                   "none, their behaviour is compared on PROBLEMS (of the first domain) or on small "
                                   "generated ones, and a difference is shown as a plan valid in one domain and not "
                                   "in the other, checked by the validator on both sides. `equiv DOMAIN P Q` "
                                   "compares two problems of one domain: initial states equal up to renaming "
                                   "objects and goals that hold in the same reachable states (a plan reaching one "
                                   "goal and not the other when they differ).",
                       epilog="Exit codes: 0 equivalent, 1 not equivalent, 2 usage error or a file with errors, "
                              "4 not decided within the budget (--nodes, --states) or stopped by --time-limit or "
                              "--memory-limit. Budgets count work, not seconds, so the verdict is the same on every "
                              "machine; the time and memory limits are the backstop.")
    e.add_argument("first", metavar="A", help="the first domain (or the domain of two problems)")
    e.add_argument("second", metavar="B", help="the second domain, or the first problem")
    e.add_argument("problems", nargs="*", metavar="PROBLEM",
                   help="problems of A to compare behaviour on; after DOMAIN P, the second problem Q")
    e.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text",
                   help="text for people, json for tools, sarif for code scanning, github for workflow annotations")
    e.add_argument("--nodes", type=positive_int, default=defaults.nodes,
                   help=f"nodes the structural (isomorphism) search may visit (default {defaults.nodes})")
    e.add_argument("--states", type=positive_int, default=defaults.states,
                   help=f"states the behavioural comparison may compare, and the reachable states of each problem "
                        f"compared (default {defaults.states})")
    e.add_argument("--max-differences", type=positive_int, default=defaults.differences, metavar="N",
                   help=f"domains: collect up to N counterexamples, one per action and side where the domains "
                        f"part (default {defaults.differences}: stop at the first; the search for more goes on "
                        f"through the --states budget)")
    e.add_argument("--seed", type=int, default=0, help="seed of the generated states (default 0)")
    job_limit_options(e, "equiv")
    e.set_defaults(handler=cmd_equiv)


def cmd_equiv(args: argparse.Namespace) -> int:
    sources = SourceCache()
    budget = EquivBudget(nodes=args.nodes, states=args.states, seed=args.seed, differences=args.max_differences)
    limits = Budget(Deadline.for_command(args.time_limit), args.memory_limit)  # the job's limits stay the backstop
    try:
        verdict = equiv_sources(args.first, args.second, args.problems, budget, sources, limits)
    except InputError as exc:
        for d in exc.diagnostics:
            eprint(render_text(d, sources))
        raise UsageError(str(exc)) from exc
    _print(verdict, args.format, args.problems[-1] if verdict.subject == "problems" else args.second,
           args.max_differences)
    return verdict.exit_code


def _places(order: list[int], what: str) -> str:
    """Where each argument went, as people count: " (arguments 1->2, 2->1)"."""
    return f" ({what} " + ", ".join(f"{i + 1}->{j + 1}" for i, j in enumerate(order)) + ")"


def _print(verdict: Verdict, fmt: str, file: str, wanted: int) -> None:
    if fmt == "json":
        print(json.dumps(verdict.to_json(), indent=2))
    elif fmt == "sarif":
        print(verdict.sarif(file, __version__))
    elif fmt == "github":
        for d in verdict.diagnostics(file):
            print(render_github(d))
    else:
        print(f"{verdict.kind.value.replace('_', ' ')}: {verdict.reason}")
        if verdict.mapping is not None and verdict.kind.value == "equivalent":
            shown = verdict.mapping.to_json()
            reordered = {p: _places(order, "arguments") for p, order in shown["argument_order"].items()}
            reordered |= {a: _places(m["parameter_order"], "parameters") for a, m in shown["actions"].items()
                          if m["parameter_order"] != sorted(m["parameter_order"])}
            for section in ("types", "predicates", "actions", "constants"):
                pairs = {k: (v["name"] if isinstance(v, dict) else v) for k, v in shown[section].items()}
                changed = {k: v + reordered.get(k, "") for k, v in pairs.items() if k != v or k in reordered}
                if changed:
                    print(f"  {section}: " + ", ".join(f"{k} -> {v}" for k, v in changed.items()))
        what = "domain" if verdict.subject == "domains" else "problem"
        for k, c in enumerate(verdict.counterexamples):
            if k:
                print(f"  difference {k + 1}: {c.reason}")
            valid = (f"valid in both {what}s, costing {c.costs['a']} and {c.costs['b']}" if c.valid_in == "both"
                     else f"valid in the {'first' if c.valid_in == 'a' else 'second'} {what} only")
            print(f"  counterexample plan ({valid}, validated on both sides), they part at step {c.step}:")
            for s in c.plan_a.steps:
                print("    (" + " ".join((s.action, *s.args)) + ")")
            print("  from the initial state:")
            for atom in c.problem_a.init:
                if isinstance(atom, ast.Atom):
                    print("    (" + " ".join((atom.predicate, *(t.name for t in atom.args))) + ")")
        if verdict.subject == "domains" and len(verdict.counterexamples) == wanted and c.valid_in != "both":
            print("  (the comparison stopped " + ("at the first difference" if wanted == 1 else
                                                  f"after {wanted} differences") + "; --max-differences looks "
                                                                                   "for more)")
        for fact in verdict.state:
            print(f"  {fact}")
        print("  checked: " + ", ".join(f"{k} {v}" for k, v in verdict.checked.items()))
