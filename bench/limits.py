"""Limits under blow-up inputs: each case runs the CLI as a user would, with a time and a memory limit,
and the table gives the wall time and the peak resident memory against them.

    .venv/bin/python bench/limits.py

Cases: a wide action (8 parameters over 30 objects) under a time limit and under a memory limit, a
quantified goal over 30^4 instances, a 10^5-step plan to validate, /dev/zero as a domain, LLM
replies that are drip-fed (a byte every 0.5 s, or every 4.5 s: just inside each read's 5 s timeout),
endless or a gzip bomb (from a scripted server on 127.0.0.1), and whole jobs under their job limits: a
long `generate` under a time limit, `generate` from the wide action under a memory limit, an `export`
with state distances under a time limit, and `solve` on generated tasks with huge groundings (65,537
operators over as many facts, and 279,842). Every case runs on the machine as it is, and loaded, beside
two CPU-bound hog processes (tests/hogs.py), ``--runs`` times each way (the worst run is shown). Target:
every run stops within its time limit + 1 s and under its memory limit + 10%. Interpreter start-up
is measured once each way (``python -m agentgen_sym --help``; for the LLM cases, whose limit is the
client's ``timeout_s`` counted from the request, a draft whose first reply fails at once) and shown
beside the figures: a loaded run is allowed the start-up measured beside the same hogs.

    .venv/bin/python bench/limits.py --quick    # the solve/ground cases only
    .venv/bin/python bench/limits.py --cases "drip-fed LLM reply,generate job, time"   # re-run some
    .venv/bin/python bench/limits.py --cases "huge grounding 23^4, solve" --runs 10
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SEED_DOMAIN = ROOT / "corpus" / "domains" / "office-mailroom"

from agentgen_sym.tables import print_table  # noqa: E402
from tests.hogs import cpu_hogs  # noqa: E402
from tests.llm_server import Drip, Garbage, ScriptedLLMServer  # noqa: E402
from tests.test_limits_under_load import WIDE4, _wide4_problem  # noqa: E402

OBJECTS = " ".join(f"o{i}" for i in range(30))
WIDE_DOMAIN = """(define (domain wide) (:requirements :strips)
  (:predicates (p ?a ?b ?c ?d ?e ?f ?g ?h) (q))
  (:action a :parameters (?a ?b ?c ?d ?e ?f ?g ?h) :precondition (q) :effect (p ?a ?b ?c ?d ?e ?f ?g ?h)))"""
WIDE_PROBLEM = f"(define (problem w) (:domain wide) (:objects {OBJECTS}) (:init (q)) (:goal (p o1 o2 o3 o4 o5 o6 o7 o8)))"
QUANT_DOMAIN = """(define (domain quant) (:requirements :strips :universal-preconditions)
  (:predicates (p ?a ?b ?c ?d) (r ?a))
  (:action mark :parameters (?a) :precondition (r ?a) :effect (p ?a ?a ?a ?a)))"""
QUANT_PROBLEM = (f"(define (problem w) (:domain quant) (:objects {OBJECTS}) (:init "
                 + " ".join(f"(r o{i})" for i in range(30)) + ") (:goal (forall (?a ?b ?c ?d) (p ?a ?b ?c ?d))))")
TOGGLE_DOMAIN = """(define (domain toggle) (:requirements :strips :negative-preconditions)
  (:predicates (on))
  (:action up :parameters () :precondition (not (on)) :effect (on))
  (:action down :parameters () :precondition (on) :effect (not (on))))"""
TOGGLE_PROBLEM = "(define (problem t) (:domain toggle) (:init) (:goal (not (on))))"


@dataclass(frozen=True)
class Case:
    name: str
    argv: list[str]
    time_limit_s: float | None
    memory_limit_mb: float | None
    server_step: Drip | None = None


def _run(argv: list[str], cwd: Path) -> tuple[int, float, float]:
    """Exit code, wall seconds and peak RSS (MB) of ``python -m agentgen_sym ARGV``."""
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "agentgen_sym", *argv], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, time.perf_counter() - started, usage.ru_maxrss / 1024


def cases(work: Path, llm_url: str) -> list[Case]:
    files = {"wide.pddl": WIDE_DOMAIN, "wide-p.pddl": WIDE_PROBLEM, "quant.pddl": QUANT_DOMAIN,
             "quant-p.pddl": QUANT_PROBLEM, "toggle.pddl": TOGGLE_DOMAIN, "toggle-p.pddl": TOGGLE_PROBLEM,
             "wide4.pddl": WIDE4, "wide4-p.pddl": _wide4_problem(16, 200), "wide23-p.pddl": _wide4_problem(23, 200),
             "long.plan": "(up)\n(down)\n" * 50_000,
             "agentgen.toml": f'[llm]\nbase_url = "{llm_url}"\nmodel = "m"\ntimeout_s = 5\nmax_retries = 0\n'}
    for name, text in files.items():
        (work / name).write_text(text)
    draft = ["draft", "A small workshop.", "-o", "env", "--no-cache"]
    return [
        Case("wide action, time", ["solve", "wide.pddl", "wide-p.pddl", "--time-limit", "10", "--memory-limit",
                                   "1000"], 10, 1000),
        Case("wide action, memory", ["ground", "wide.pddl", "wide-p.pddl", "--memory-limit", "500"], None, 500),
        Case("quantified goal 30^4", ["solve", "quant.pddl", "quant-p.pddl", "--time-limit", "10"], 10, None),
        Case("huge grounding 16^4, solve", ["solve", "wide4.pddl", "wide4-p.pddl", "--time-limit", "10"], 10, None),
        Case("huge grounding 23^4, solve", ["solve", "wide4.pddl", "wide23-p.pddl", "--time-limit", "10"], 10, None),
        Case("10^5-step plan", ["validate", "toggle.pddl", "toggle-p.pddl", "long.plan"], None, None),
        Case("/dev/zero as a domain", ["parse", "/dev/zero"], None, None),
        Case("drip-fed LLM reply", draft, 5, None, Drip(b" ", every_s=0.5, count=1000)),
        # a byte just inside each read's timeout: only a limit on the whole body stops it on time
        Case("slow-drip LLM reply", draft, 5, None, Drip(b" ", every_s=4.5, count=1000)),
        Case("endless LLM reply", draft, 5, None, Drip(b"0" * 2 ** 20, count=3000)),
        Case("gzip-bomb LLM reply", draft, 5, None, Drip(b"0" * 2 ** 20, count=200, gzip=True)),
        Case("generate job, time", ["generate", str(SEED_DOMAIN / "domain.pddl"), str(SEED_DOMAIN / "p03.pddl"),
                                    "--n", "400", "--range", "1", "40", "--out", "gen", "--time-limit", "5"], 5, None),
        Case("generate job, memory", ["generate", "wide.pddl", "wide-p.pddl", "--out", "gen-wide", "--memory-limit",
                                      "400"], None, 400),
        Case("export job, time", ["export", "tasks", "--format", "sharegpt", "--distances", "--out", "x.jsonl",
                                  "--time-limit", "0.2"], 0.2, None),
    ]


QUICK = ("wide action, time", "wide action, memory", "quantified goal 30^4", "huge grounding 16^4, solve",
         "huge grounding 23^4, solve")


def _chosen(name: str, args: argparse.Namespace) -> bool:
    """Whether the case ``name`` runs: every case, the --quick ones, or those --cases names."""
    if args.cases:
        return f",{name}," in f",{args.cases},"
    return not args.quick or name in QUICK


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"only the cases {', '.join(QUICK)}")
    parser.add_argument("--cases", help="only these cases, their names joined by ',' (a name's own commas kept)")
    parser.add_argument("--runs", type=int, default=1, metavar="N",
                        help="run each case N times each way; the table shows the worst (default 1)")
    args = parser.parse_args()
    rows, failures = [], 0
    with tempfile.TemporaryDirectory(prefix="limits-bench-") as tmp, ScriptedLLMServer() as server:
        work = Path(tmp)
        _code, startup_s, startup_mb = _run(["--help"], work)
        with cpu_hogs(2):
            _code, loaded_startup_s, _mb = _run(["--help"], work)
        all_cases = [c for c in cases(work, server.url) if _chosen(c.name, args)]
        if any(c.name == "export job, time" for c in all_cases):
            _run(["generate", str(SEED_DOMAIN / "domain.pddl"), str(SEED_DOMAIN / "p03.pddl"), "--n", "30", "--out",
                  "tasks"], work)  # the task folder the export case reads
        llm_startup_s = loaded_llm_startup_s = 0.0
        if any(c.server_step for c in all_cases):  # a draft whose first reply fails at once: start-up with openai
            draft = next(c for c in all_cases if c.server_step).argv
            server.script([Garbage(b"not json")])
            _code, llm_startup_s, _mb = _run(draft, work)
            server.script([Garbage(b"not json")])
            with cpu_hogs(2):
                _code, loaded_llm_startup_s, _mb = _run(draft, work)
        for case in all_cases:
            walls = []
            for loaded in (False, True):
                runs = []
                for _ in range(args.runs):
                    if case.server_step is not None:
                        server.script([case.server_step])
                        start = loaded_llm_startup_s if loaded else llm_startup_s
                    else:
                        start = loaded_startup_s if loaded else startup_s
                    if loaded:
                        with cpu_hogs(2):
                            code, wall, peak = _run(case.argv, work)
                    else:
                        code, wall, peak = _run(case.argv, work)
                    in_time = case.time_limit_s is None or wall <= case.time_limit_s + 1 + start
                    in_memory = case.memory_limit_mb is None or peak <= case.memory_limit_mb * 1.1
                    runs.append((code, wall, peak, in_time and in_memory))
                codes = sorted({r[0] for r in runs})
                walls.append(("/".join(map(str, codes)), max(r[1] for r in runs), max(r[2] for r in runs),
                              all(r[3] for r in runs)))
            (code, wall, peak, held), (l_code, l_wall, l_peak, l_held) = walls
            failures += not (held and l_held)
            rows.append([case.name, code if code == l_code else f"{code}/{l_code}",
                         "-" if case.time_limit_s is None else f"{case.time_limit_s:g}", f"{wall:.1f}",
                         f"{l_wall:.1f}", "-" if case.memory_limit_mb is None else f"{case.memory_limit_mb:g}",
                         f"{max(peak, l_peak):.0f}", "yes" if held and l_held else "NO"])
    print(f"start-up (included in every wall time and allowed on top of the limit): {startup_s:.1f} s, "
          f"{startup_mb:.0f} MB; beside two CPU hogs {loaded_startup_s:.1f} s; a draft that fails at its first "
          f"reply: {llm_startup_s:.1f} s, beside two CPU hogs {loaded_llm_startup_s:.1f} s\n")
    worst = " (the worst of each case's runs)" if args.runs > 1 else ""
    print(f"{args.runs} run(s) of each case each way{worst}\n")
    print_table(["case", "exit", "limit s", "wall s", "loaded wall s", "limit MB", "peak MB", "held"], rows)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
