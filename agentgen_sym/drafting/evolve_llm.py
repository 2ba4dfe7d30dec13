"""LLM-side Bi-Evol: the LLM rewrites a task easier or harder; the result is verified and measured like
the symbolic variants, or dropped with its reason.

A rewrite is kept only when its problem checks without errors after the safe automatic fixes,
its goal is a conjunction of atoms (as every generated task's), ``generation.measure`` solves it
and the lifted validator accepts the plan (optimal length where the budget allows, else
flagged, exactly as for generated tasks), its difficulty moved the asked way (strictly
fewer steps than its parent for "easier", strictly more for "harder"), and it is no duplicate
of a task already in the folder up to renaming of objects. Kept rewrites are appended to the
task folder (``taskset.append_tasks``) with origin ``llm-easier`` or ``llm-harder`` and the
parent's id, so export treats them like every other task.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.analysis import conjuncts
from agentgen_sym.compiler.repair import repair
from agentgen_sym.compiler.task import GroundAtom
from agentgen_sym.drafting.calls import Asker, Rejected, extract_block, require_answer
from agentgen_sym.drafting.record import Clock
from agentgen_sym.generation.dedup import Deduplicator
from agentgen_sym.generation.measure import Stopwatch, measure
from agentgen_sym.generation.tasks import TaskSpec
from agentgen_sym.taskset import (DOMAIN_FILE, Origin, TaskEntry, TaskUnplayable, append_tasks, problem_file_of,
                                  read_folder, read_problem)

DIRECTIONS = {
    "easier": "fewer steps are needed: drop some goal facts, or start closer to the goal.",
    "harder": "more steps are needed: add goal facts or objects, or start further from the goal.",
}
ORIGINS = {direction: Origin(f"llm-{direction}") for direction in DIRECTIONS}


@dataclass(frozen=True)
class EvolveOutcome:
    direction: str
    parent: str
    accepted: bool
    reason: str
    code: str  # kept | llm-error | llm-refused | unusable-answer | check-failed | goal-not-atoms | unsolved |
    #            trivial | wrong-direction | duplicate
    parent_difficulty: int
    difficulty: int | None = None
    optimal: bool | None = None
    task_id: str | None = None


def _fact(atom: ast.Atom) -> GroundAtom:
    return GroundAtom(atom.predicate, tuple(a.name for a in atom.args))


def _spec(problem: ast.Problem, origin: Origin) -> TaskSpec | None:
    goal = list(conjuncts(problem.goal))
    if not goal or not all(isinstance(g, ast.Atom) for g in goal):
        return None
    init = tuple(sorted(_fact(a) for a in problem.init if isinstance(a, ast.Atom)))
    return TaskSpec(problem.objects, init, tuple(sorted(_fact(g) for g in goal)), origin)


def evolve_with_llm(tasks_dir: Path, asker: Asker, clock: Clock, per_direction: int = 1, stage: str = "evolve_llm"
                    ) -> list[EvolveOutcome]:
    """Ask for ``per_direction`` easier rewrites (of the hardest tasks) and harder ones (of the easiest),
    verify and measure each, append the kept ones to ``tasks_dir``; returns every outcome."""
    if per_direction <= 0:
        return []
    folder = read_folder(tasks_dir)
    problems: dict[str, ast.Problem] = {}
    for entry in folder.tasks:  # a task whose problem cannot be read is no parent (the folder's checks: read_problem)
        try:
            problems[entry.id] = read_problem(tasks_dir, entry)
        except TaskUnplayable:
            continue
    entries = [entry for entry in folder.tasks if entry.id in problems]
    if not entries:
        return []
    domain = folder.domain
    domain_text = (tasks_dir / DOMAIN_FILE).read_text(encoding="utf-8")
    dedup = Deduplicator()
    for entry in entries:
        spec = _spec(problems[entry.id], Origin.parse(entry.fields["origin"]))
        if spec is not None:
            dedup.add(spec)
    ordered = sorted(entries, key=lambda e: (e.fields["difficulty"], e.id))
    parents = {"easier": ordered[::-1][:per_direction], "harder": ordered[:per_direction]}
    next_number = len(folder.entries)
    taken = {e.id for e in entries}
    kept: list[tuple[TaskEntry, ast.Problem]] = []
    outcomes: list[EvolveOutcome] = []
    watch = Stopwatch()
    for direction in DIRECTIONS:
        for parent in parents[direction]:
            outcome, problem, measured = _one(tasks_dir, asker, clock, watch, domain, domain_text, dedup, parent,
                                              direction, stage)
            if problem is not None and measured is not None:
                next_number += 1
                task_id = f"{domain.name}-{next_number:04d}"
                while (tasks_dir / problem_file_of(task_id)).exists() or task_id in taken:
                    next_number += 1
                    task_id = f"{domain.name}-{next_number:04d}"
                taken.add(task_id)
                named = ast.Problem(task_id, problem.domain_name, problem.requirements, problem.objects, problem.init,
                                    problem.goal, problem.metric)
                problem_file, plan = problem_file_of(task_id), [str(step) for step in measured.plan]
                fields = {"id": task_id, "domain": domain.name, "problem_file": problem_file,
                          "seed": parent.fields.get("seed"), "origin": str(ORIGINS[direction]), "parent": parent.id,
                          "n_objects": len(problem.objects), "n_goal_atoms": len(list(conjuncts(problem.goal))),
                          "plan": plan, "cost": measured.cost, "optimal": measured.optimal,
                          "expanded": measured.expanded, "difficulty": measured.difficulty, "goal_source": "llm"}
                kept.append((TaskEntry(task_id, problem_file, tuple(plan), fields), named))
                outcome = EvolveOutcome(**{**asdict(outcome), "task_id": task_id})
            outcomes.append(outcome)
    clock.add({"solve": sum(watch.seconds.values())})
    if kept:
        append_tasks(tasks_dir, kept)
    return outcomes


def _one(tasks_dir: Path, asker: Asker, clock: Clock, watch: Stopwatch, domain: ast.Domain, domain_text: str,
         dedup: Deduplicator, parent: TaskEntry, direction: str, stage: str):
    parent_difficulty = parent.fields["difficulty"]
    base = {"direction": direction, "parent": parent.id, "parent_difficulty": parent_difficulty}

    def rejected(code: str, reason: str, **more: Any):
        return EvolveOutcome(accepted=False, reason=reason, code=code, **base, **more), None, None

    parent_text = (tasks_dir / parent.problem_file).read_text(encoding="utf-8")
    completion = asker.ask("evolve", stage, 0, direction=direction, direction_rule=DIRECTIONS[direction],
                           plan_length=str(parent_difficulty), problem=parent_text, domain=domain_text)
    try:
        require_answer(completion, stage)
    except Rejected as exc:
        return rejected(exc.code, exc.reason)
    extracted = extract_block(completion, "problem")
    if extracted.text is None:
        return rejected("unusable-answer", f"unusable answer: {extracted.reason}")
    with clock.on("compile"):
        result = repair(domain_text, extracted.text)
    errors = [d for d in result.diagnostics if d.is_error]
    if result.problem is None or errors:
        shown = "; ".join(f"{d.code} {d.message}" for d in errors[:3]) or "not a problem"
        return rejected("check-failed", f"check failed: {shown}")
    problem = result.problem
    spec = _spec(problem, ORIGINS[direction])
    if spec is None:
        return rejected("goal-not-atoms", "the goal is not a conjunction of atoms")
    measured = measure(domain, problem, watch=watch)
    if measured is None:
        return rejected("unsolved", "not solved with a validated plan")
    figures = {"difficulty": measured.difficulty, "optimal": measured.optimal}
    moved = measured.difficulty < parent_difficulty if direction == "easier" else \
        measured.difficulty > parent_difficulty
    if measured.difficulty == 0:
        return rejected("trivial", "the goal already holds initially", **figures)
    if not moved:
        return rejected("wrong-direction", f"not {direction}: difficulty {measured.difficulty} vs the parent's "
                                           f"{parent_difficulty}", **figures)
    if not dedup.add(spec):
        return rejected("duplicate", "a duplicate of a task in the folder (up to renaming)", **figures)
    reason = f"{direction}: difficulty {parent_difficulty} -> {measured.difficulty}"
    return EvolveOutcome(accepted=True, reason=reason, code="kept", **base, **figures), problem, measured
