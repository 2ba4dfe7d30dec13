"""`agentgen-sym templates`: the LLM's wording checked entry by entry, repaired once, else derived; against the
scripted OpenAI-compatible server on loopback (no network)."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from agentgen_sym.cli import main
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.wording.templates import ActionReader, Templates

from .llm_server import Reply, Rule, ScriptedLLMServer, llm_server  # noqa: F401

FAST_TOML = "[llm]\nmax_retries = 1\nbackoff_s = 0.0\nbackoff_max_s = 0.0\ntimeout_s = 5.0\n"
DOMAIN = """(define (domain delivery)
  (:requirements :strips :typing)
  (:types parcel bike place)
  (:predicates (at ?p - parcel ?l - place) (in ?p - parcel ?b - bike) (bike-at ?b - bike ?l - place))
  (:action load :parameters (?p - parcel ?b - bike ?l - place)
    :precondition (and (at ?p ?l) (bike-at ?b ?l)) :effect (and (in ?p ?b) (not (at ?p ?l))))
  (:action unload :parameters (?p - parcel ?b - bike ?l - place)
    :precondition (and (in ?p ?b) (bike-at ?b ?l)) :effect (and (at ?p ?l) (not (in ?p ?b))))
  (:action ride :parameters (?b - bike ?from ?to - place)
    :precondition (bike-at ?b ?from) :effect (and (bike-at ?b ?to) (not (bike-at ?b ?from)))))
"""
PROBLEM = """(define (problem p01) (:domain delivery)
  (:objects book - parcel b1 b2 - bike home shop - place)
  (:init (at book home) (bike-at b1 home) (bike-at b2 home))
  (:goal (at book shop)))
"""
GOOD = {"predicates": {"at": "{0} is at {1}", "in": "{0} is in the basket of {1}", "bike-at": "bike {0} is parked at {1}"},
        "actions": {"load": "load {0} onto {1} at {2}", "unload": "unload {0} from {1} at {2}",
                    "ride": "ride {0} from {1} to {2}"}}
WRITE = "# Task: write the wording"
REPAIR = "# Task: repair the wording"


def _reply(data: dict) -> Reply:
    return Reply(f"Here it is.\n\n```json\n{json.dumps(data)}\n```\n")


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "AGENTGEN_MODEL"):
        monkeypatch.delenv(var, raising=False)
    (tmp_path / "agentgen.toml").write_text(FAST_TOML)
    (tmp_path / "domain.pddl").write_text(DOMAIN)
    (tmp_path / "p01.pddl").write_text(PROBLEM)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _run(url: str, capsys: pytest.CaptureFixture) -> tuple[int, dict | None, str]:
    code = main(["templates", "domain.pddl", "--problem", "p01.pddl", "-o", "templates.json", "--format", "json",
                 "--base-url", url, "--model", "m", "--no-cache"])
    captured = capsys.readouterr()
    return code, (json.loads(captured.out) if captured.out.strip() else None), captured.err


def _sources(report: dict) -> dict[str, str]:
    return {f"{e['section'][:-1]} {e['name']}": e["source"] for e in report["entries"]}


def test_a_good_reply_is_accepted_whole(folder: Path, llm_server: ScriptedLLMServer, capsys: pytest.CaptureFixture):
    llm_server.rules([Rule(WRITE, _reply(GOOD))])
    code, report, err = _run(llm_server.url, capsys)
    assert code == 0, err
    assert set(_sources(report).values()) == {"llm"} and len(report["entries"]) == 6
    assert llm_server.request_count == 1  # nothing to repair
    written = json.loads((folder / "templates.json").read_text())
    assert written == {"source": "llm", **GOOD}
    # the file is read back by the loader every command uses, and marks its source
    templates = Templates.for_domain(parse_domain(folder / "domain.pddl"), folder / "templates.json")
    assert templates.action("ride", ("b1", "home", "shop")) == "ride b1 from home to shop"
    assert templates.source == "llm"
    assert "6 entries from the LLM, 0 repaired by it, 0 derived" in err


def test_bad_entries_are_repaired_or_replaced_one_by_one(folder: Path, llm_server: ScriptedLLMServer,
                                                         capsys: pytest.CaptureFixture):
    bad = {"predicates": {"at": "{0} is at {1}", "in": "{0} is in {1} at {2}"},  # bike-at missing, `in` arity wrong
           "actions": {"load": "move {0} with {1} at {2}", "unload": "move {0} with {1} at {2}",  # read back as two
                       "ride": "ride {0} from {1} to {2}"}}
    repair = {"predicates": {"bike-at": "{0} is parked at {1}", "in": "{0} sits in {1}"},
              "actions": {"load": "load {0} onto {1} at {2}", "unload": "ride {0} from {1} to {2}"}}  # clashes with ride
    llm_server.rules([Rule(REPAIR, _reply(repair)), Rule(WRITE, _reply(bad))])
    code, report, err = _run(llm_server.url, capsys)
    assert code == 0, err
    sources = _sources(report)
    assert sources == {"predicate at": "llm", "predicate in": "llm-repaired", "predicate bike-at": "llm-repaired",
                       "action load": "llm-repaired", "action unload": "derived", "action ride": "llm"}
    problems = {e["name"]: e["problem"] for e in report["entries"]}
    assert "reads back as 2 action(s)" in problems["unload"]
    # the repair prompt listed each problem: the missing predicate, the arity, the double reading
    repair_prompt = llm_server.requests[1]["messages"][-1]["content"]
    assert REPAIR in repair_prompt and '"name": "bike-at"' in repair_prompt and "not given" in repair_prompt
    assert "{2}" in repair_prompt and "reads back as 2 action(s)" in repair_prompt
    assert llm_server.request_count == 2  # one repair round, never more
    # what was written reads back as exactly one action each, on the problem's objects
    domain = parse_domain(folder / "domain.pddl")
    templates = Templates.for_domain(domain, folder / "templates.json")
    reader = ActionReader(templates, ["book", "b1", "b2", "home", "shop"])
    for name, args in (("load", ("book", "b1", "home")), ("unload", ("book", "b1", "home")),
                       ("ride", ("b1", "home", "shop"))):
        assert len(reader.read(templates.action(name, args))) == 1
    written = json.loads((folder / "templates.json").read_text())
    assert "unload" not in written["actions"] and written["source"] == "llm"


def test_a_name_only_template_goes_back(folder: Path, llm_server: ScriptedLLMServer, capsys: pytest.CaptureFixture):
    lazy = {**GOOD, "actions": {**GOOD["actions"], "ride": "ride {0} {1} {2}"}}
    lazy["predicates"] = {**GOOD["predicates"], "bike-at": "bike at {0} {1}"}
    llm_server.rules([Rule(REPAIR, _reply({"predicates": {}, "actions": {}})), Rule(WRITE, _reply(lazy))])
    code, report, err = _run(llm_server.url, capsys)
    assert code == 0, err
    entries = {e["name"]: e for e in report["entries"]}
    assert entries["ride"]["source"] == "derived" and "only repeats the PDDL name" in entries["ride"]["problem"]
    assert entries["bike-at"]["source"] == "derived"


def test_a_dead_endpoint_exits_2_and_leaves_the_file_alone(folder: Path, capsys: pytest.CaptureFixture):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    code, report, err = _run(url, capsys)
    assert code == 2 and report is None
    assert "no usable response" in err and "derived wording stays in use" in err and "Traceback" not in err
    assert not (folder / "templates.json").exists()


def test_a_reply_with_no_usable_entry_leaves_a_reviewed_file_alone(folder: Path, llm_server: ScriptedLLMServer,
                                                                    capsys: pytest.CaptureFixture):
    """An endpoint that answers prose and no JSON gives nothing to keep: exit 2, the reviewed file unchanged."""
    reviewed = json.dumps({"source": "llm", **GOOD}, indent=2)
    (folder / "templates.json").write_text(reviewed)
    llm_server.rules([Rule(REPAIR, Reply("I would describe each action in plain words.")),
                      Rule(WRITE, Reply("Sure! Loading puts the parcel on the bike, riding moves the bike."))])
    code, report, err = _run(llm_server.url, capsys)
    assert code == 2 and report is None, err
    assert "no usable entry" in err and "left untouched" in err
    assert (folder / "templates.json").read_text() == reviewed


def test_a_smaller_reply_replaces_a_reviewed_file_only_when_asked(folder: Path, llm_server: ScriptedLLMServer,
                                                                  capsys: pytest.CaptureFixture):
    reviewed = json.dumps({"source": "llm", **GOOD}, indent=2)
    (folder / "templates.json").write_text(reviewed)
    partial = {"predicates": {"at": "{0} is at {1}"}, "actions": {}}
    llm_server.rules([Rule(REPAIR, _reply({"predicates": {}, "actions": {}})), Rule(WRITE, _reply(partial))])
    code, _, err = _run(llm_server.url, capsys)
    assert code == 2 and "1 usable entry, fewer than the 6" in err and "--replace" in err
    assert (folder / "templates.json").read_text() == reviewed
    code = main(["templates", "domain.pddl", "--problem", "p01.pddl", "-o", "templates.json", "--replace",
                 "--base-url", llm_server.url, "--model", "m", "--no-cache"])
    assert code == 0, capsys.readouterr().err
    assert json.loads((folder / "templates.json").read_text())["predicates"] == {"at": "{0} is at {1}"}


# --------------------------------------------------------------------------- run: wording drafted for the corpus


def _corpus(folder: Path) -> tuple[Path, dict]:
    """A corpus of kitchen-line twice: as bundled (reviewed wording) and without its templates.json; and the
    reviewed file, which the scripted LLM sends back for the second."""
    import shutil

    from .conftest import CORPUS

    corpus = folder / "corpus"
    shutil.copytree(CORPUS / "kitchen-line", corpus / "kitchen-line")
    shutil.copytree(CORPUS / "kitchen-line", corpus / "unreviewed")
    reviewed = json.loads((corpus / "unreviewed" / "templates.json").read_text())
    (corpus / "unreviewed" / "templates.json").unlink()
    return corpus, reviewed


def _run_corpus(corpus: Path, out: Path, url: str, capsys: pytest.CaptureFixture) -> tuple[int, str]:
    code = main(["run", "--corpus", str(corpus), "--out", str(out), "--n", "1", "--base-url", url, "--model", "m"])
    return code, capsys.readouterr().err


def test_run_drafts_the_wording_of_a_domain_without_templates(folder: Path, llm_server: ScriptedLLMServer,
                                                              capsys: pytest.CaptureFixture):
    """Only the folder without a templates.json is drafted (one request), checked, kept in OUT and used by the
    export; a rerun answers from the run's cache and gives the same bytes."""
    corpus, reviewed = _corpus(folder)
    llm_server.rules([Rule(WRITE, _reply(reviewed))])
    code, err = _run_corpus(corpus, folder / "out", llm_server.url, capsys)
    assert code == 0, err
    assert llm_server.request_count == 1 and "unreviewed: wording drafted by the LLM" in err
    assert "derived from its PDDL names" not in err
    drafted = folder / "out" / "unreviewed" / "wording" / "templates.json"
    assert json.loads(drafted.read_text()) == {"source": "llm", **reviewed}
    exported = (folder / "out" / "unreviewed" / "dataset.openai.jsonl").read_text()
    assert exported == (folder / "out" / "kitchen-line" / "dataset.openai.jsonl").read_text()  # the same words
    first = (folder / "out" / "dataset.openai.jsonl").read_bytes()
    (folder / "out" / "unreviewed" / "done.json").unlink()  # redo the domain: its wording from the cache
    code, err = _run_corpus(corpus, folder / "out", llm_server.url, capsys)
    assert code == 0 and llm_server.request_count == 1, err
    assert (folder / "out" / "dataset.openai.jsonl").read_bytes() == first


def test_run_with_a_dead_endpoint_derives_the_wording_and_warns(folder: Path, capsys: pytest.CaptureFixture):
    corpus, _ = _corpus(folder)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    code, err = _run_corpus(corpus, folder / "out", url, capsys)
    assert code == 0, err
    assert "unreviewed: the LLM endpoint gave no usable wording" in err and "derived from its PDDL names" in err
    assert not (folder / "out" / "unreviewed" / "wording").exists() and "Traceback" not in err
