"""Hostile input: hundreds of malformed files derived from the benchmarks, all answered with diagnostics.

Every mutant is guaranteed invalid by construction (unbalanced parentheses, a keyword
corrupted or deleted, a parenthesis swapped with its head, truncation, bytes that are not
UTF-8 text), so each must produce an error diagnostic and exit code 1, quickly, with no
exception escaping. Unreadable files give exit code 2.
"""

from __future__ import annotations

import os
import random
import re
import time
from pathlib import Path

import pytest

from agentgen_sym import cli
from agentgen_sym.compiler.parser import parse_source

from .conftest import benchmark_files, corpus_files, run_cli

SECONDS_PER_FILE = 5.0
_KEYWORD = re.compile(r"(?<=\()\s*(?:define|and|:action|:parameters|:precondition|:effect|:predicates|:init|:goal|"
                      r":objects|:types|:domain|:requirements)\b", re.IGNORECASE)


def _small_sources() -> list[str]:
    """Benchmark files small enough to mutate by the hundred (the bundled corpus when absent)."""
    return [p.read_text() for p in benchmark_files() or corpus_files() if p.stat().st_size < 20_000]


def _paren_positions(text: str) -> list[int]:
    code = re.sub(r";[^\n]*", lambda m: " " * len(m.group()), text)
    return [i for i, ch in enumerate(code) if ch in "()"]


def delete_paren(text: str, rng: random.Random) -> str:
    i = rng.choice(_paren_positions(text))
    return text[:i] + text[i + 1:]


def add_paren(text: str, rng: random.Random) -> str:
    i = rng.choice(_paren_positions(text))
    return text[:i] + rng.choice("()") + text[i:]


def swap_paren_with_head(text: str, rng: random.Random) -> str:
    """``(on a b)`` -> ``on (a b)``: the head moves out of its list."""
    opens = [m for m in re.finditer(r"\(\s*([^\s()]+)", text)]
    m = rng.choice(opens)
    return text[:m.start()] + m.group(1) + " (" + text[m.end():]


def corrupt_keyword(text: str, rng: random.Random) -> str:
    m = rng.choice(list(_KEYWORD.finditer(text)))
    word = m.group().strip()
    i = rng.randrange(1 if word.startswith(":") else 0, len(word))
    mangled = word[:i] + word[i + 1:] + ("x" if len(word) < 4 else "")
    return text[:m.start()] + " " + mangled + text[m.end():]


def delete_keyword(text: str, rng: random.Random) -> str:
    m = rng.choice(list(_KEYWORD.finditer(text)))
    return text[:m.start()] + " " + text[m.end():]


def truncate(text: str, rng: random.Random) -> str:
    last = _paren_positions(text)[-1]
    return text[:rng.randrange(0, last)]


MUTATORS = [delete_paren, add_paren, swap_paren_with_head, corrupt_keyword, delete_keyword, truncate]


def _text_mutants() -> list[tuple[str, str]]:
    sources = _small_sources()
    rng = random.Random(20261130)
    mutants = []
    for n in range(330):
        mutator = MUTATORS[n % len(MUTATORS)]
        mutants.append((f"{mutator.__name__}-{n}", mutator(rng.choice(sources), rng)))
    return mutants


def _byte_mutants() -> list[tuple[str, bytes]]:
    sources = _small_sources()
    rng = random.Random(7)
    out = [(f"random-bytes-{n}", rng.randbytes(rng.randrange(1, 4096)) + b"\x00") for n in range(10)]
    for n in range(10):
        data = bytearray(rng.choice(sources).encode())
        data.insert(rng.randrange(len(data)), 0xFF)  # never valid in UTF-8
        out.append((f"non-utf8-{n}", bytes(data)))
    out.append(("empty", b""))
    out.append(("only-comment", b"; nothing here\n"))
    out.append(("deep-nesting", b"(" * 100_000 + b")" * 100_000))
    out.append(("deep-and", b"(define (domain d) (:action a :parameters () :precondition " + b"(and " * 100_000
                + b")" * 100_000 + b"))"))
    return out


MUTANTS = _text_mutants()


def test_there_are_at_least_300_mutants():
    assert len(MUTANTS) + len(_byte_mutants()) >= 300


@pytest.mark.parametrize("name,text", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_text_mutant_gets_an_error_and_exit_1(name, text, tmp_path: Path, capsys):
    path = tmp_path / "mutant.pddl"
    path.write_text(text)
    start = time.perf_counter()
    result = parse_source(path)
    assert time.perf_counter() - start < SECONDS_PER_FILE
    assert not result.ok and any(d.is_error and d.span is not None for d in result.diagnostics)
    assert cli.main(["parse", str(path)]) == 1
    err = capsys.readouterr().err
    assert "mutant.pddl:" in err and "error[E" in err


@pytest.mark.parametrize("name,data", _byte_mutants(), ids=[m[0] for m in _byte_mutants()])
def test_byte_mutant_gets_an_error_and_exit_1(name, data, tmp_path: Path, capsys):
    path = tmp_path / "mutant.pddl"
    path.write_bytes(data)
    start = time.perf_counter()
    assert cli.main(["parse", str(path)]) == 1
    assert time.perf_counter() - start < SECONDS_PER_FILE
    assert "error[E1" in capsys.readouterr().err


def test_a_50_mb_file_is_refused_quickly(tmp_path: Path):
    path = tmp_path / "huge.pddl"
    atoms = "".join(f"(at obj{i} loc{i % 97})\n" for i in range(20_000))
    block = f"(define (problem huge) (:domain d) (:init {atoms}".encode()
    with path.open("wb") as handle:
        while handle.tell() < 50 * 1024 * 1024:
            handle.write(block)
    start = time.perf_counter()
    proc = run_cli("parse", str(path))
    assert time.perf_counter() - start < 20
    assert proc.returncode == 1
    assert b"E107" in proc.stderr and b"Traceback" not in proc.stderr


@pytest.mark.parametrize("make", ["missing", "directory-without-pddl", "unreadable"])
def test_unreadable_input_exits_2(make, tmp_path: Path):
    target = tmp_path / "x.pddl"
    if make == "directory-without-pddl":
        target = tmp_path / "folder.pddl"
        target.mkdir()
    elif make == "unreadable":
        target.write_text("(define (domain d))")
        target.chmod(0)
        if os.access(target, os.R_OK):
            pytest.skip("running as a user who can read any file (root)")
    proc = run_cli("parse", str(target))
    assert proc.returncode == 2, proc.stderr
    assert b"Traceback" not in proc.stderr and b"cannot read" in proc.stderr
