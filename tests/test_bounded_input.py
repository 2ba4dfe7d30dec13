"""Inputs without an honest size are read only up to the limit, and suggestions cost little on huge names."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from agentgen_sym.compiler.parser import parse_source
from agentgen_sym.compiler.suggest import closest

from .conftest import run_cli


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_is_refused_at_the_limit():
    proc = run_cli("parse", "/dev/zero", timeout=60)
    assert proc.returncode == 1 and b"E107" in proc.stderr and b"Traceback" not in proc.stderr


def test_a_pipe_is_read_only_up_to_the_limit(tmp_path: Path):
    fifo = tmp_path / "pipe.pddl"
    os.mkfifo(fifo)
    written = []

    def writer() -> None:  # writes far past the limit; stops when the reader closes the pipe
        try:
            with fifo.open("wb") as handle:
                for _ in range(10_000):
                    handle.write(b";" * 4096 + b"\n")
                    written.append(1)
        except BrokenPipeError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    result = parse_source(fifo, max_bytes=100_000)
    thread.join(timeout=30)
    assert [d.code for d in result.diagnostics] == ["E107"] and not thread.is_alive()
    assert len(written) < 10_000  # the reader stopped after the limit, the writer saw the pipe close


def test_suggestions_skip_huge_names_and_distant_lengths():
    assert closest("x" * 10_000, ["xx", "x" * 9_999]) is None
    assert closest("holdng", ["holding", "h" * 5000]) == "holding"


def test_check_of_a_10_kb_misspelled_name_is_quick(tmp_path: Path):
    long_name = "p" * 10_000
    domain, problem = tmp_path / "d.pddl", tmp_path / "q.pddl"
    domain.write_text(f"(define (domain d) (:requirements :strips) (:predicates (p) ({long_name}x))"
                      f" (:action a :parameters () :precondition ({long_name}y) :effect (p)))")
    problem.write_text("(define (problem q) (:domain d) (:init) (:goal (p)))")
    proc = run_cli("check", str(domain), str(problem), timeout=30)  # the unbounded distance ran past 60 s
    assert proc.returncode == 1 and b"E201" in proc.stdout + proc.stderr and b"did you mean" not in proc.stdout


def test_invisible_and_right_to_left_characters_are_shown_escaped(tmp_path: Path):
    """Raw zero-width and RTL-override characters were echoed into messages, reordering the terminal line."""
    path = tmp_path / "d.pddl"
    path.write_text("(define (domain d) (:requirements :strips) (:predicates (p))"
                    " (:action a :parameters () :precondition (q\u202eevil\u200b) :effect (p)))", encoding="utf-8")
    proc = run_cli("check", str(path), "--format", "text")
    shown = (proc.stdout + proc.stderr).decode("utf-8")
    assert proc.returncode == 1 and "\\u{202e}" in shown and "\u202e" not in shown and "\u200b" not in shown
    github = run_cli("check", str(path), "--format", "github").stdout.decode("utf-8")
    assert "\u202e" not in github and "::error" in github


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_draft_of_an_endless_file_is_refused_before_any_request(tmp_path: Path):
    proc = run_cli("draft", "--file", "/dev/zero", "-o", str(tmp_path / "env"), "--base-url", "http://127.0.0.1:9/v1",
                   "--model", "m", timeout=60)
    assert proc.returncode == 2 and b"over the limit" in proc.stderr and b"Traceback" not in proc.stderr
