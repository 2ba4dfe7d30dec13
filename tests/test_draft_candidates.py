"""Drafting that checks meaning, against the scripted OpenAI-compatible server: K candidates grouped by ``equiv``
(the largest group kept, the record saying how many agreed), scenario checks written by the "LLM" that catch a
wrong effect and send its counterexample back as a repair prompt, hostile scenario answers, ``--reference``, and a
dead endpoint (exit 2)."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest

from agentgen_sym.cli import main
from agentgen_sym.compiler.parser import parse_domain, parse_text
from agentgen_sym.drafting import DraftOptions, draft_environment
from agentgen_sym.drafting.candidates import group_by_meaning
from agentgen_sym.llm import LLMClient, LLMConfig

from .llm_scripts import CORPUS, domain_reply, domain_text, problem_texts, problems_reply, prompt_kind, rename_domain
from .llm_server import Reply, ScriptedLLMServer, llm_server  # noqa: F401

FAST = {"timeout_s": 5.0, "max_retries": 2, "backoff_s": 0.01, "backoff_max_s": 0.05}
TEXT = "A drone warehouse: drones fly between pads, carry one parcel at a time and recharge at chargers."
DESCRIPTION = "Drones carry parcels between pads of a warehouse, one parcel at a time, and recharge at charger pads."
DRONE = domain_text("drone-warehouse")
# a candidate that means something else: a drone may pick up a parcel while it holds one
GREEDY = DRONE.replace("      (parcel-at ?x ?p)\n      (hold-empty ?d))", "      (parcel-at ?x ?p))")
ONE_PARCEL = {"checks": [
    {"name": "one parcel at a time", "expect": "impossible",
     "objects": {"d1": "drone", "a": "pad", "x1": "parcel", "x2": "parcel"},
     "init": ["(drone-at d1 a)", "(hold-empty d1)", "(parcel-at x1 a)", "(parcel-at x2 a)"],
     "steps": ["(pick-up d1 x1 a)", "(pick-up d1 x2 a)"]}]}
BIKE = domain_text("bike-workshop")
# a wrong effect: taking a tool leaves the hands free, so a mechanic can hold two tools
TWO_HANDED = BIKE.replace("      (not (on-board ?t))\n      (not (hands-free))))", "      (not (on-board ?t))))")
CHECKS = {"checks": [
    {"name": "one tool at a time", "expect": "impossible", "objects": {},
     "init": ["(on-board pump)", "(on-board wrench)", "(hands-free)", "(stand-free)"],
     "steps": ["(take-tool pump)", "(take-tool wrench)"]},
    {"name": "pump a flat tyre", "expect": "possible", "objects": {"b1": "bike"},
     "init": ["(on-board pump)", "(hands-free)", "(stand-free)", "(flat-tyre b1)"],
     "steps": ["(mount-bike b1)", "(take-tool pump)", "(inflate-tyre b1)"]},
]}


def client_for(server: ScriptedLLMServer) -> LLMClient:
    return LLMClient(LLMConfig(base_url=server.url, model="test-model", **FAST))


def test_the_mutations_mean_what_the_tests_say():
    assert GREEDY != DRONE and TWO_HANDED != BIKE
    assert parse_domain(GREEDY).name == "drone-warehouse" and parse_domain(TWO_HANDED).name == "bike-workshop"


def test_group_by_meaning_joins_renamings_and_parts_other_meanings():
    domains = [parse_text(t).node for t in (GREEDY, DRONE, rename_domain(DRONE), rename_domain(GREEDY, "yy"))]
    groups, _notes = group_by_meaning(domains)
    assert groups == [[0, 3], [1, 2]]


def test_candidates_that_disagree_are_grouped_and_the_largest_kept(llm_server: ScriptedLLMServer, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture):
    llm_server.script([Reply(DESCRIPTION), Reply(domain_reply(GREEDY)), Reply(domain_reply(DRONE)),
                       Reply(domain_reply(rename_domain(DRONE))), Reply(json.dumps(ONE_PARCEL)),
                       Reply(problems_reply(problem_texts("drone-warehouse")))])
    out = tmp_path / "env"
    code = main(["draft", TEXT, "-o", str(out), "--base-url", llm_server.url, "--model", "m", "--no-cache",
                 "--candidates", "3", "--scenario-checks", "1",
                 "--reference", str(CORPUS / "drone-warehouse" / "domain.pddl")])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert [prompt_kind(b) for b in llm_server.requests] == ["describe", "domain", "domain", "domain", "scenarios",
                                                              "problems"]
    # three samples: each its own seed, at a temperature above 0, so no two share a cache entry
    seeds = [b.get("seed") for b in llm_server.requests if prompt_kind(b) == "domain"]
    assert seeds == [0, 1, 2] and all(b["temperature"] > 0 for b in llm_server.requests[1:4])
    record = json.loads((out / "record.json").read_text())
    assert record["candidates"]["groups"] == [[1], [2, 3]]
    assert record["candidates"]["agreed"] == 2 and record["candidates"]["kept"] == 2
    assert "2 of 3 candidates agree" in printed
    # each candidate met the check: the greedy one fails it, the renamed one cannot use its names
    assert record["candidates"]["checks_passed"] == {"1": 0, "2": 1, "3": 0}
    assert [c["passed"] for c in record["checks"]] == [True]
    pick_up = next(a for a in parse_domain(out / "domain.pddl").actions if a.name == "pick-up")
    assert "hold-empty" in repr(pick_up.precondition)  # the kept candidate is one of the agreeing pair
    assert record["reference"]["verdict"] == "equivalent"


def test_a_wrong_effect_is_caught_by_a_scenario_check_and_repaired(llm_server: ScriptedLLMServer, tmp_path: Path):
    llm_server.script([Reply("A bike workshop where a mechanic holds one tool at a time."),
                       Reply(domain_reply(TWO_HANDED)), Reply(f"```json\n{json.dumps(CHECKS)}\n```"),
                       Reply(domain_reply(BIKE)), Reply(problems_reply(problem_texts("bike-workshop")))])
    result = draft_environment(TEXT, tmp_path / "env", client_for(llm_server), DraftOptions(scenario_checks=2))
    assert result.accepted, result.verdict
    assert [prompt_kind(b) for b in llm_server.requests] == ["describe", "domain", "scenarios", "repair_behaviour",
                                                              "problems"]
    asked = llm_server.requests[2]["messages"][-1]["content"]  # the checks come from the text and the names only
    assert "(take-tool ?t - tool)" in asked and ":precondition" not in asked and ":effect" not in asked
    repair = llm_server.requests[3]["messages"][-1]["content"]
    assert "# Task: repair the behaviour of the PDDL domain" in repair
    failures = json.loads(re.search(r"Failed checks:\s*```json\n(.*?)\n```", repair, re.S).group(1))
    assert [f["name"] for f in failures] == ["one tool at a time"]  # the passing check is not sent back
    counterexample = failures[0]["counterexample"]
    assert counterexample["step"] == 2 and "(take-tool wrench) applied" in counterexample["why"]
    record = json.loads((tmp_path / "env" / "record.json").read_text())
    assert [(c["name"], c["passed"]) for c in record["checks"]] == [("one tool at a time", True),
                                                                     ("pump a flat tyre", True)]
    take = next(a for a in parse_domain(tmp_path / "env" / "domain.pddl").actions if a.name == "take-tool")
    assert "hands-free" in repr(take.effect)


@pytest.mark.parametrize("answer", ["I will not write checks.", '{"checks": "rm -rf /"}',
                                    '{"checks": [{"name": "x", "expect": "possible", "init": [") (:goal (and))"], '
                                    '"steps": ["(take-tool pump)"]}]}'])
def test_hostile_scenario_answers_are_set_aside_with_a_clear_reason(answer: str, llm_server: ScriptedLLMServer,
                                                                    tmp_path: Path):
    llm_server.script([Reply("A bike workshop."), Reply(domain_reply(BIKE)), Reply(answer),
                       Reply(problems_reply(problem_texts("bike-workshop")))])
    result = draft_environment(TEXT, tmp_path / "env", client_for(llm_server), DraftOptions(scenario_checks=2))
    assert result.accepted, result.verdict
    stage = next(s for s in result.record.stages if s.stage == "behaviour")
    assert stage.status == "warning" and stage.detail.startswith("no scenario checks used:")
    assert len(llm_server.requests) == 4  # no repair round for checks that were never usable


def test_a_dead_endpoint_fails_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AGENTGEN_MODEL"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / "agentgen.toml").write_text("[llm]\ntimeout_s = 2.0\nmax_retries = 1\nbackoff_s = 0.01\n"
                                            "backoff_max_s = 0.02\n")
    monkeypatch.chdir(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"  # nothing listens once the probe is closed
    code = main(["draft", TEXT, "-o", "env", "--base-url", url, "--model", "m", "--no-cache", "--candidates", "3",
                 "--scenario-checks", "2"])
    captured = capsys.readouterr()
    assert code == 2, captured.out
    assert "LLM endpoint gave no usable response" in captured.err and "Traceback" not in captured.err
