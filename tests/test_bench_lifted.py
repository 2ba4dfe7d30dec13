"""The benches of planning without grounding: bench/htg_sample.py's manifest over the hard-to-ground set's layout,
and bench/lifted_env.py's figures on a task it plays."""

from __future__ import annotations

import csv
import importlib
import json
import subprocess
import sys
from pathlib import Path

from .conftest import BENCHMARKS, ROOT, requires_benchmarks

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
htg_sample = importlib.import_module("bench.htg_sample")


def _htg_tree(root: Path) -> None:
    """The set's layouts: a family with a domain per subfolder, a flat family, and gnad's folder of families."""
    layout = {"blocks-large/goal-2": ["p-1.pddl", "p-22.pddl"], "blocks-large/goal-3": ["p-333.pddl"],
              "genome": [f"d-{i}.pddl" for i in range(1, 8)],
              "gnad-et-al-aaai19-large-instances/tpp-large": ["p01.pddl"],
              "gnad-et-al-aaai19-large-instances/depots-large": ["p01.pddl", "p02.pddl"]}
    for folder, problems in layout.items():
        (root / folder).mkdir(parents=True)
        (root / folder / "domain.pddl").write_text("(define (domain d) (:requirements :strips :typing))")
        for name in problems:
            (root / folder / name).write_text("x" * len(name) * 10)  # sizes order the problems by name length


def test_the_sample_takes_each_family_spread_from_smallest_to_largest(tmp_path: Path):
    _htg_tree(tmp_path / "htg")
    out = tmp_path / "out"
    assert htg_sample.main(["--htg", str(tmp_path / "htg"), "--out", str(out), "--per-family", "3"]) == 0
    with (out / "MANIFEST.tsv").open(newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    families = {row["domain"] for row in rows}
    assert families == {"blocks-large", "genome", "gnad-et-al-aaai19-large-instances/tpp-large",
                        "gnad-et-al-aaai19-large-instances/depots-large"}
    genome = [Path(row["problem_file"]).name for row in rows if row["domain"] == "genome"]
    assert genome == ["d-1.pddl", "d-4.pddl", "d-7.pddl"]  # the first, the middle and the last of 7, by size
    for row in rows:  # paths relative to the manifest's folder reach the files, and each problem's own domain
        problem, domain = out / row["problem_file"], out / row["domain_file"]
        assert problem.is_file() and domain == problem.parent / "domain.pddl" and row["group"] == "strips"


@requires_benchmarks
def test_the_lifted_env_bench_reports_each_task_it_plays(tmp_path: Path):
    (tmp_path / "MANIFEST.tsv").write_text(
        "domain\tproblem_file\tdomain_file\trequirements\tgroup\n"
        f"blocks\t{BENCHMARKS / 'blocks' / 'p01.pddl'}\t{BENCHMARKS / 'blocks' / 'domain.pddl'}\t:strips\tstrips\n")
    out = tmp_path / "figures.json"
    done = subprocess.run([sys.executable, "bench/lifted_env.py", "--benchmarks", str(tmp_path), "--steps", "5",
                           "--json", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text())
    task = figures["tasks"][0]
    assert task["status"] == "played" and task["steps"] == len(task["step_ms"]) == 5
    assert 0 < figures["worst_peak_rss_mb"] < 2048 and "1 of 1 tasks played" in done.stdout
