"""``equiv``: whether two domains (or two problems of one domain) mean the same, as a verdict with the renaming, a
counterexample or what was checked; text, json, sarif and github output like ``check``."""

from __future__ import annotations

import argparse
import json

from agentgen_sym import __version__
from agentgen_sym.cli.common import UsageError, eprint, positive_int
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.diagnostics import SourceCache, render_github, render_text
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
                                   "compares two problems of one domain: equal up to renaming objects, goals "
                                   "completed with what the domain implies (static facts, invariants).",
                       epilog="Exit codes: 0 equivalent, 1 not equivalent, 2 usage error or a file with errors, "
                              "4 not decided within the budget (--nodes, --states). Budgets count work, not "
                              "seconds, so the verdict is the same on every machine.")
    e.add_argument("first", metavar="A", help="the first domain (or the domain of two problems)")
    e.add_argument("second", metavar="B", help="the second domain, or the first problem")
    e.add_argument("problems", nargs="*", metavar="PROBLEM",
                   help="problems of A to compare behaviour on; after DOMAIN P, the second problem Q")
    e.add_argument("--format", choices=["text", "json", "sarif", "github"], default="text",
                   help="text for people, json for tools, sarif for code scanning, github for workflow annotations")
    e.add_argument("--nodes", type=positive_int, default=defaults.nodes,
                   help=f"nodes the structural (isomorphism) search may visit (default {defaults.nodes})")
    e.add_argument("--states", type=positive_int, default=defaults.states,
                   help=f"states the behavioural comparison may compare (default {defaults.states})")
    e.add_argument("--seed", type=int, default=0, help="seed of the generated states (default 0)")
    e.set_defaults(handler=cmd_equiv)


def cmd_equiv(args: argparse.Namespace) -> int:
    sources = SourceCache()
    budget = EquivBudget(nodes=args.nodes, states=args.states, seed=args.seed)
    try:
        verdict = equiv_sources(args.first, args.second, args.problems, budget, sources)
    except InputError as exc:
        for d in exc.diagnostics:
            eprint(render_text(d, sources))
        raise UsageError(str(exc)) from exc
    _print(verdict, args.format, args.problems[-1] if verdict.subject == "problems" else args.second)
    return verdict.exit_code


def _print(verdict: Verdict, fmt: str, file: str) -> None:
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
            for section in ("types", "predicates", "actions", "constants"):
                pairs = {k: (v["name"] if isinstance(v, dict) else v) for k, v in shown[section].items()}
                changed = {k: v for k, v in pairs.items() if k != v}
                if changed:
                    print(f"  {section}: " + ", ".join(f"{k} -> {v}" for k, v in changed.items()))
        c = verdict.counterexample
        if c is not None:
            print(f"  counterexample plan (valid in the {'first' if c.valid_in == 'a' else 'second'} domain only, "
                  f"validated on both sides), they part at step {c.step}:")
            for s in c.plan_a.steps:
                print("    (" + " ".join((s.action, *s.args)) + ")")
            print("  from the initial state:")
            for atom in c.problem_a.init:
                if isinstance(atom, ast.Atom):
                    print("    (" + " ".join((atom.predicate, *(t.name for t in atom.args))) + ")")
        for fact in verdict.state:
            print(f"  {fact}")
        print("  checked: " + ", ".join(f"{k} {v}" for k, v in verdict.checked.items()))
