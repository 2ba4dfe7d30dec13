"""One deadline from the CLI to the innermost loop: the value itself, the same instant at every stage
(compiling, solve, the portfolio and its forked members, the search, validation), and validation
given only the time the search left."""

from __future__ import annotations

import importlib
import os
import time
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.compiler import compile as compile_module
from agentgen_sym.compiler.compile import compile_task
from agentgen_sym.compiler.limits import Budget, Deadline
from agentgen_sym.planners import portfolio as portfolio_module
from agentgen_sym.planners import registry
from agentgen_sym.planners.portfolio import Portfolio
from agentgen_sym.planners.registry import make_planner
from agentgen_sym.planners.result import SearchResult, Status

from .tasks_handmade import sliding_puzzle

solve_module = importlib.import_module("agentgen_sym.solver")  # the package's `solve` is the function

DOMAIN = """(define (domain hall)
  (:requirements :strips)
  (:predicates (at ?r) (door ?a ?b))
  (:action go :parameters (?a ?b)
    :precondition (and (at ?a) (door ?a ?b))
    :effect (and (at ?b) (not (at ?a)))))
"""
PROBLEM = """(define (problem walk) (:domain hall)
  (:objects r1 r2 r3)
  (:init (at r1) (door r1 r2) (door r2 r3))
  (:goal (at r3)))
"""


# --------------------------------------------------------------------------- the value


def test_a_deadline_is_an_instant_that_slices_only_shorten():
    deadline = Deadline.after(100)
    assert 99 < deadline.left() <= 100 and not deadline.passed()
    assert Deadline().left() is None and not Deadline().passed()
    assert deadline.within(None) is deadline and deadline.within(1000).at == deadline.at
    assert deadline.within(1).left() <= 1 and Deadline().within(1).left() <= 1
    assert deadline.extended(5).at == deadline.at + 5 and Deadline().extended(5) == Deadline()
    assert Deadline.after(0).left() == 0 and Deadline(time.monotonic() - 1).passed()


def test_an_api_call_takes_a_time_limit_or_a_deadline_not_both():
    deadline = Deadline.after(10)
    assert Deadline.of(None, deadline) is deadline and Deadline.of(None, None) == Deadline()
    with pytest.raises(ValueError, match="not both"):
        Deadline.of(10, deadline)
    with pytest.raises(ValueError, match="not both"):
        compile_task(DOMAIN, PROBLEM, 10, deadline=deadline)
    with pytest.raises(ValueError, match="not both"):
        make_planner("bfs").solve(sliding_puzzle(3, 5, seed=1), time_limit=10, deadline=deadline)


# --------------------------------------------------------------------------- one instant through every stage


def test_the_cli_hands_one_deadline_to_compiling_solve_the_portfolio_search_and_validation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys):
    seen: dict[str, list[Deadline]] = {"ground": [], "portfolio": [], "search": [], "validate": []}

    def spy(stage, function, deadline_of):
        def wrapped(*args, **kwargs):
            seen[stage].append(deadline_of(args, kwargs))
            return function(*args, **kwargs)
        return wrapped

    monkeypatch.setattr(compile_module, "ground", spy("ground", compile_module.ground, lambda a, k: a[2].deadline))
    monkeypatch.setattr(Portfolio, "solve", spy("portfolio", Portfolio.solve, lambda a, k: k["deadline"]))
    monkeypatch.setattr(registry, "search", spy("search", registry.search, lambda a, k: a[3]))
    monkeypatch.setattr(solve_module, "validate", spy("validate", solve_module.validate, lambda a, k: a[3].deadline))
    domain, problem = tmp_path / "domain.pddl", tmp_path / "p.pddl"
    domain.write_text(DOMAIN)
    problem.write_text(PROBLEM)
    started = time.monotonic()
    assert cli.main(["solve", str(domain), str(problem), "--time-limit", "60", "-q"]) == 0
    assert capsys.readouterr().out.endswith("; cost = 2 (unit cost)\n")
    (deadline,) = set(seen["ground"])
    assert started + 60 <= deadline.at <= time.monotonic() + 60  # made once, from the user's limit
    assert seen["portfolio"] == [deadline] and seen["validate"] == [deadline]
    assert seen["portfolio"][0] is deadline and seen["validate"][0] is deadline
    assert seen["search"] and all(s.at <= deadline.at for s in seen["search"])  # a member's slice at most


@pytest.mark.skipif(not hasattr(os, "fork"), reason="side by side needs os.fork")
def test_forked_members_get_the_portfolios_own_deadline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """Not a duration recomputed in the child: the instant itself (the monotonic clock is the system's)."""
    def report_deadline(member, task, deadline, memory_limit_mb, send):
        (tmp_path / member.name).write_text(repr(deadline.at))
        send.send(SearchResult(Status.LIMIT_REACHED, message="time limit reached"))
        send.close()

    monkeypatch.setattr(portfolio_module, "_run_member", report_deadline)
    members = (make_planner("ucs"), make_planner("bfs"))
    deadline = Deadline.after(30)
    Portfolio("test", (), concurrent=members).solve(sliding_puzzle(3, 10, seed=1), deadline=deadline)
    assert {m.name: float((tmp_path / m.name).read_text()) for m in members} == {"ucs": deadline.at,
                                                                                 "bfs": deadline.at}


# --------------------------------------------------------------------------- validation gets what is left


def test_validation_in_solve_gets_only_the_time_the_search_left(monkeypatch: pytest.MonkeyPatch):
    """Regression: ``Planner.solve`` reports only its search's seconds, and solve gave validation the
    limit minus those (0.089 s reported, 0.567 s spent); the set-up's time was handed out twice."""
    task = compile_task(DOMAIN, PROBLEM)
    real = make_planner("bfs")
    set_up_s = 0.3

    class SlowSetUp:
        """bfs after a set-up its statistics leave out, as relevance and heuristic tables are."""

        def solve(self, ground, **kwargs):
            time.sleep(set_up_s)
            result = real.solve(ground, **kwargs)
            result.stats.seconds = 0.0
            return result

    validated_with: list[Budget] = []

    def validate(domain, problem, plan, budget):
        validated_with.append(budget)
        return real_validate(domain, problem, plan, budget)

    real_validate = solve_module.validate
    monkeypatch.setattr(solve_module, "make_planner", lambda name: SlowSetUp())
    monkeypatch.setattr(solve_module, "validate", validate)
    solution = solve_module.solve(task, "bfs", time_limit=1.0)
    assert solution.solved
    (budget,) = validated_with
    assert budget.deadline.left() <= 1.0 - set_up_s  # the old code gave it the whole second again
