"""How English the text environment's words are, per domain, before and after a change, in one run.

The headline is agreement with readings a person wrote (data/gold_readings): each predicate's and action's derived
template is compared with the gold reading and its listed alternatives (case, spacing and a full stop aside), on
the part the rules were tuned on and on the part kept aside, each. Then the mechanical checks: roles (below) over
every benchmark domain and the whole LLM-drafted corpus, denials bolted on, capitals inside, false needs.

Each domain's first problem is solved and its gold plan played through the text environment (as
`export` does); its goal line, observations, thoughts and action lines are then scored:

- words ok: sentences whose every token is an English word (wordfreq, Zipf >= 1.5) or an object name, with no
  bare PDDL call inside, no capitalised word mid-sentence ("that The robby is") and not the rejected frame
  "I need that ...";
- glued: sentences holding an unsegmented concatenation (a token that is no word but splits into words,
  ``putpaninoven``, ``at-robby``; a prefix and a word, ``uncrate``, is one word, not glued);
- bare: action lines that are the PDDL call (``stack a b``, ``putpaninoven pan-1 oven-0``): nothing but the
  name's words and the arguments, with two or more arguments or a name that is no word (an object name
  a pre-grounded domain folds into its names, ``sd1`` of ``open-sd1``, counts as an argument);
- shapes: the distinct thought frames used (each thought matched against the code's own frames);
- denied: sentences of the goal, observations, thoughts and the rules (the system prompt's action lines) that
  deny a fact with the bolted-on "it is not true that" instead of inside its clause ("fern is not dry");
- capital: sentences of those with a capitalised word inside ("and The tap is on"), object names and "I" aside;
- false needs: thoughts that give a fact as what a later step needs ("I cannot drive v1 yet: first it must be
  true that the book is in v1") though the fact is no precondition of that step, checked against the ground
  operator (a conditional effect's condition is no requirement);
- roles: of every action (not only the played ones) that moves something, the journeys whose start reads after
  "from" and end after "to" ("into", "onto"): a deleted and an added atom of one predicate differing in their
  last argument; an argument that is both a start and an end (a swap, a chain) is on no single journey.

Domains: the bundled corpus with its reviewed templates.json and again without it (``derived:``), and
every benchmark domain (and the LLM-drafted domains of data/llm_corpus, and the hand-written ones in users' styles
of data/styles, whose records are quoted), which have none, so the wording is derived only. It is a proxy: read the
quoted samples too. ``--baseline DIR`` measures the code of another checkout
(e.g. ``git worktree add /tmp/base HEAD``) first, as "before":

    flock /tmp/heavy.lock .venv/bin/python bench/text_quality.py --baseline /tmp/base
    .venv/bin/python bench/text_quality.py --quick          # eight domains, a minute
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import ROOT, add_benchmarks_option, print_rows, read_manifest  # noqa: E402

CORPUS = ROOT / "corpus" / "domains"
LLM_CORPUS = ROOT / "data" / "llm_corpus" / "agentgen" / "it0"
STYLES = ROOT / "data" / "styles"
"""Domains written by hand in the styles users write (data/styles/README.md)."""
LLM_DRAFTS = ROOT / "data" / "llm_corpus" / "agentgen" / "sft"
"""The rest of the LLM-drafted corpus: no problems, so only their actions' roles are read."""
GOLD = ROOT / "data" / "gold_readings"
"""Readings a person wrote for predicates and actions (data/gold_readings/README.md), and the held-out split."""
GOLD_GROUPS = (("benchmarks/", "benchmark domains"), ("data/llm_corpus/", "LLM-drafted domains"),
               ("data/styles/", "domains in users' styles"))
NOT_ENGLISH = (re.compile(r"\bI need that\b"),)
"""Frames an annotator rejected (issue 40): "Before I can X, I need that Y"."""
DENIED = re.compile(r"\bit is not true that\b", re.IGNORECASE)
"""A denial bolted on before a fact rather than carried by its verb (issue 53)."""
ZIPF = 1.5
"""A token at least this frequent in wordfreq's English list counts as a word."""
BOUND = frozenset({"de", "re", "un", "dis", "pre", "mis", "sub", "co", "ex", "en", "em", "im", "il", "ir"})
"""Prefixes that make a word with a word (``debark``, ``reshelve``, ``uncrate``), not a concatenation: such a
rare word still fails "words ok" when wordfreq lacks it, but it is no glued words."""
SOLVE_S = 30
"""Seconds to find each domain's gold plan (its first problem is small)."""
QUOTED = ("blocks", "gripper", "logistics00", "rovers", "childsnack")
"""Benchmark domains whose first derived sentences are quoted before and after."""
PER_DOMAIN = 4
"""Thought sentences quoted per domain."""
PER_STYLE = 6
"""Sentences quoted per style domain (its goal line first, then its thoughts in order): 30 over the five."""
QUICK = ("corpus:drone-warehouse", "corpus:bike-workshop", "ipc:blocks", "ipc:gripper", "ipc:logistics00",
         "ipc:rovers", "ipc:childsnack", "llm:baking")


def sources(benchmarks: Path) -> list[tuple[str, Path, Path, bool]]:
    """(label, domain file, first problem, use templates.json) of every domain measured."""
    found: dict[str, tuple[str, Path, Path, bool]] = {}
    for folder in sorted(p for p in CORPUS.iterdir() if (p / "domain.pddl").is_file()):
        for tag, reviewed in (("corpus", True), ("derived", False)):
            found[f"{tag}:{folder.name}"] = (f"{tag}:{folder.name}", folder / "domain.pddl", folder / "p01.pddl",
                                             reviewed)
    for task in read_manifest(benchmarks) if (benchmarks / "MANIFEST.tsv").is_file() else []:
        label = f"ipc:{task.domain}"
        found.setdefault(label, (label, benchmarks / task.domain_file, benchmarks / task.problem_file, False))
    for folder in sorted(p for p in STYLES.iterdir() if (p / "domain.pddl").is_file()):
        found[f"style:{folder.name}"] = (f"style:{folder.name}", folder / "domain.pddl", folder / "p01.pddl", False)
    for folder in sorted(p for p in LLM_CORPUS.iterdir() if (p / "domain.pddl").is_file()):
        for problem in sorted(folder.glob("p*.pddl")):
            found.setdefault(f"llm:{folder.name}", (f"llm:{folder.name}", folder / "domain.pddl", problem, False))
    return list(found.values())


# --------------------------------------------------------------------------- the measuring child


def use_code(folder: Path) -> None:
    """Import agentgen_sym from ``folder`` (a checkout) instead of this one's editable install."""
    import importlib.util

    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
    spec = importlib.util.spec_from_file_location(  # compiler/, planners/ ... sit beside the package
        "agentgen_sym", folder / "agentgen_sym" / "__init__.py",
        submodule_search_locations=[str(folder / "agentgen_sym"), str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["agentgen_sym"] = module
    spec.loader.exec_module(module)


def frames() -> list[tuple[str, re.Pattern[str]]]:
    """The code's thought frames, each as a pattern matching a thought that starts with it."""
    from agentgen_sym.export import thoughts

    found = []
    for group in ("GOAL_PHRASES", "LINK_PHRASES", "CARRY_PHRASES", "PLAIN_PHRASES"):
        for i, phrase in enumerate(getattr(thoughts, group, ())):
            pattern = re.escape(phrase)
            pattern = re.sub(r"\\\{\w+\\\}", "(.+?)", pattern)
            found.append((f"{group[:4].lower()}{i}", re.compile(pattern)))
    return found


def folded_objects(domain) -> set[str]:
    """The object names a pre-grounded domain (no predicate or action has a parameter, as PSR's STRIPS
    compilation) folds into its predicate names: ``sd1`` of ``CLOSED-SD1`` is a name, not a misspelt word."""
    if any(d.parameters for d in (*domain.predicates, *domain.actions)):
        return set()
    ends = (re.split(r"[-_]+", p.name.lower())[-1] for p in domain.predicates)
    return {end for end in ends if re.fullmatch(r"[a-z]+\d+", end)}


def journeys(action) -> list[tuple[int, int]]:
    """(start, end) parameter indexes of each journey of ``action`` (see the module's "roles")."""
    from agentgen_sym.compiler import ast
    from agentgen_sym.compiler.analysis import effect_parts

    parts = list(effect_parts(action.effect))
    adds = [p for p in parts if isinstance(p, ast.Atom)]
    dels = [p.arg for p in parts if isinstance(p, ast.Not) and isinstance(p.arg, ast.Atom)]
    names = [p.name.lower() for p in action.parameters]
    found = []
    for gone in dels:
        for came in adds:
            if gone.predicate != came.predicate or len(gone.args) != len(came.args) or len(gone.args) < 2:
                continue
            old, new = ([a.name.lower() if isinstance(a, ast.Variable) else None for a in atom.args]
                        for atom in (gone, came))
            differ = [i for i in range(len(old)) if old[i] != new[i]]
            if differ == [len(old) - 1] and old[-1] in names and new[-1] in names:
                found.append((names.index(old[-1]), names.index(new[-1])))
    starts, ends = {a for a, _ in found}, {b for _, b in found}
    return [(a, b) for a, b in found if a not in ends and b not in starts]


def reads_journey(template: str, start: int, end: int) -> bool:
    """Whether ``template`` puts "from" before the start and "to" (or "into", "onto") before the end; "from {4} and
    {5}" carries the preposition on, and one word of the name may stand between ("from car {1}")."""
    tokens = template.lower().split()

    def before(index: int) -> str | None:
        k = tokens.index(f"{{{index}}}") if f"{{{index}}}" in tokens else 0
        if k >= 2 and tokens[k - 1] not in ("from", "to", "into", "onto", "and"):
            k -= 1
        while k >= 2 and tokens[k - 1] == "and" and tokens[k - 2].startswith("{"):
            k = tokens.index(tokens[k - 2])
        return tokens[k - 1] if k else None

    return before(start) == "from" and before(end) in ("to", "into", "onto")


def roles(domain, templates) -> dict:
    """The journeys of every action of ``domain`` and the ones its templates misread, quoted."""
    checked = [(a.name, start, end) for a in domain.actions for start, end in journeys(a)]
    wrong = [f"{name}: {templates.actions[name]} (from {{{start}}} to {{{end}}})" for name, start, end in checked
             if not reads_journey(templates.actions[name], start, end)]
    return {"journeys": len(checked), "misread": wrong}


def measure(label: str, domain_file: Path, problem_file: Path, reviewed: bool) -> dict:
    """The texts of one domain's gold trajectory: goal, observations, thoughts, action lines, objects."""
    from agentgen_sym.compiler.compile import compile_task
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.env import Templates, TextEnv
    from agentgen_sym.export.trajectories import play
    from agentgen_sym.solver import solve
    from agentgen_sym.wording.rules import domain_rules

    domain = parse_domain(domain_file)
    task = compile_task(domain, parse_problem(problem_file))
    templates = Templates.beside(domain, domain_file) if reviewed else Templates.for_domain(domain)
    moves = roles(domain, templates)
    solution = solve(task, time_limit=SOLVE_S)
    if not solution.solved:
        return {"label": label, "error": f"not solved in {SOLVE_S} s", "roles": moves}
    plan = [(s.action, s.args) for s in solution.steps]
    trajectory = play(label, TextEnv(task, templates), plan)
    turns = list(trajectory.turns)
    observations = [t.content.split("Observation: ", 1)[-1] for t in turns if t.role == "user"]
    goal = turns[0].content.split("\n", 1)[0]
    thoughts = [t.content.split("\n")[0].removeprefix("Thought: ") for t in turns if t.role == "assistant"]
    actions = [t.content.split("\nAction: ")[-1] for t in turns if t.role == "assistant"]
    false_needs = [t for t in _false_needs(thoughts, task, templates, plan)]
    shapes = []
    for thought in thoughts:
        matched = [(len(p.pattern), name) for name, p in frames() if p.match(thought)]
        shapes.append(max(matched)[1] if matched else "other")
    return {"label": label, "objects": sorted(set(task.objects) | folded_objects(domain)), "goal": goal,
            "observations": observations,
            "thoughts": thoughts, "actions": actions, "plan": [[a, list(args)] for a, args in plan], "shapes": shapes,
            "rules": domain_rules(templates).splitlines(), "roles": moves, "false_needs": false_needs}


def _false_needs(thoughts: list[str], task, templates, plan: list) -> list[str]:
    """The thoughts of the link frames (what a later step needs) naming a fact that is not in the precondition of
    the later step they name: the step is found by its action text, its precondition read off the ground operator
    and worded by the templates, and the named facts must be made of those texts alone."""
    from agentgen_sym.export import thoughts as frames

    ground = task.ground
    ops = [next(o for o in ground.action_ops[(a, tuple(args))]) for a, args in plan]
    texts = [templates.action(a, args) for a, args in plan]
    patterns = [re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(p))) for p in frames.LINK_PHRASES]
    found = []
    for step, thought in enumerate(thoughts):
        match = next((m for p in patterns if (m := p.match(thought))), None)
        if match is None:
            continue
        later = next((j for j in range(step + 1, len(texts)) if texts[j].lower() == match["later"].lower()), None)
        if later is None:
            found.append(thought)
            continue
        op = ops[later]
        needed = [templates.fact(*ground.facts[f]) for f in ground.pre_idx[op] if f < ground.n_facts]
        deny = getattr(templates, "negated_fact", None) or (  # an older build words every denial the same way
            lambda *fact: "it is not true that " + templates.fact(*fact))
        needed += [deny(*ground.facts[f]) for f in ground.neg_idx[op] if f < ground.n_facts]
        rest = match["facts"].lower()
        for text in sorted({t.lower() for t in needed}, key=len, reverse=True):
            rest = rest.replace(text, "")
        if re.sub(r"\s*(,|\band\b)\s*", "", rest).strip():
            found.append(thought)
    return found


def failure(exc: Exception) -> str:
    """A domain's error row: the exception's first line, its paths relative to the repository (no machine path)."""
    message = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {message.replace(f'{ROOT}/', '')[:200]}"


def gold_entries() -> list[dict]:
    """Every gold reading, in file and line order."""
    return [json.loads(line) for path in sorted(GOLD.glob("*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def gold_domain(source: str, benchmarks: Path) -> Path:
    return benchmarks / source.removeprefix("benchmarks/") if source.startswith("benchmarks/") else ROOT / source


def derive_gold(benchmarks: Path) -> list[dict]:
    """The derived template of every entry of the gold set (None where the domain has no such entry), or the
    error deriving its domain's wording."""
    from agentgen_sym.compiler.parser import parse_domain
    from agentgen_sym.env import Templates

    by_source: dict[str, object] = {}
    derived = []
    for entry in gold_entries():
        source = entry["source"]
        if source not in by_source:
            try:
                by_source[source] = Templates.for_domain(parse_domain(gold_domain(source, benchmarks)))
            except Exception as exc:  # noqa: BLE001  a domain the code cannot read is a finding
                by_source[source] = failure(exc)
        templates = by_source[source]
        if isinstance(templates, str):
            derived.append({"error": templates})
            continue
        table = templates.predicates if entry["kind"] == "predicate" else templates.actions
        derived.append({"derived": table.get(entry["name"].lower())})  # PDDL names are case-insensitive
    return derived


def draft_roles() -> list[dict]:
    """The roles of every action of the LLM-drafted domains without problems (the sft release)."""
    from agentgen_sym.compiler.parser import parse_domain
    from agentgen_sym.env import Templates

    found = []
    for path in sorted(LLM_DRAFTS.glob("*.pddl")):
        try:
            domain = parse_domain(path)
        except Exception:  # noqa: BLE001  a draft the parser rejects has no wording to read
            continue
        found.append({"label": f"llm-draft:{path.stem}", "roles": roles(domain, Templates.for_domain(domain))})
    return found


def child(args: argparse.Namespace) -> None:
    if args.code:
        use_code(Path(args.code))
    results = []
    for label, domain_file, problem_file, reviewed in sources(args.benchmarks):
        if args.domains and label not in args.domains:
            continue
        try:
            results.append(measure(label, domain_file, problem_file, reviewed))
        except Exception as exc:  # a domain the code cannot play is a finding, not a crash  # noqa: BLE001
            results.append({"label": label, "error": failure(exc)})
    drafts = [] if args.domains else draft_roles()
    json.dump({"domains": results, "drafts": drafts, "gold": derive_gold(args.benchmarks)}, sys.stdout)


# --------------------------------------------------------------------------- scoring


def _tokens(sentence: str) -> list[str]:
    return [t for t in (re.sub(r"^[\"'(]+|[\"'.,;:!?)]+$", "", w).removesuffix("'s") for w in sentence.split()) if t]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


class Judge:
    """Whether tokens are English words (wordfreq) and whether a non-word is glued words (wordsegment)."""

    def __init__(self) -> None:
        import wordfreq
        import wordsegment

        wordsegment.load()
        self.zipf, self.segment = wordfreq.zipf_frequency, wordsegment.segment

    def word(self, token: str) -> bool:
        return token.isdigit() or self.zipf(token.lower(), "en") >= ZIPF

    def glued(self, token: str) -> bool:
        parts = [p for p in re.split(r"[-_]", token.lower()) if p]
        if len(parts) > 1 and all(self.word(p) or p.isdigit() for p in parts):
            return True
        low = token.lower()
        pieces = self.segment(low)
        if len(pieces) < 2 or not all(len(p) > 1 and self.word(p) for p in pieces):
            return False
        # a prefix and a word make a word, not glued words ("uncrate" is no "unc rate"), unless the split
        # reads better ("endof" is "end of", no "en dof"): the rarest piece against the prefixed stem
        stems = [self.zipf(low[len(b):], "en") for b in BOUND if low.startswith(b) and len(low) - len(b) >= 3]
        return min(self.zipf(p, "en") for p in pieces) > max(stems, default=0.0)

    def score(self, sentence: str, objects: set[str], calls: set[str] = frozenset()) -> tuple[bool, bool]:
        """(every token a word or an object name, with no bare PDDL call of ``calls`` inside, no capitalised
        word mid-sentence and none of the frames known not to be English; some token an unsegmented
        concatenation)."""
        tokens = _tokens(sentence)
        bad = [t for t in tokens if t.lower() not in objects and not self.word(t)]
        slips = (capital_inside(sentence, objects) or any(call in sentence.lower() for call in calls)
                 or any(p.search(sentence) for p in NOT_ENGLISH))
        return not bad and not slips, any(self.glued(t) for t in bad)


def capital_inside(sentence: str, objects: set[str]) -> bool:
    """Whether a word after the first is capitalised though it is no object name and not "I"."""
    return any(t[:1].isupper() and t.lower() not in objects and t != "I" for t in _tokens(sentence)[1:])



def bare(line: str, plan_step: list, judge: Judge, objects: set[str]) -> bool:
    """Whether an action line is the PDDL call: the name's words and the arguments, nothing between them
    (an object name folded into a grounded action's name, ``open-sd1``, counts as its argument)."""
    name, args = plan_step
    words = [w for w in line.lower().split() if w not in args and w not in objects]
    spelled = [w for w in re.split(r"[-_\s]+", name.lower()) if w and w not in objects]
    return words in (spelled, [name.lower()]) and (len(args) >= 2 or not all(judge.word(w) for w in spelled))


def summarise(results: list[dict], judge: Judge) -> dict[str, dict]:
    rows = {}
    for r in results:
        if "error" in r:
            rows[r["label"]] = {"error": r["error"]}
            continue
        objects = {o.lower() for o in r["objects"]}
        calls = {line.lower() for line, step in zip(r["actions"], r["plan"]) if bare(line, step, judge, objects)}
        thought = [judge.score(s, objects, calls) for t in r["thoughts"] for s in sentences(t)]
        other = [judge.score(s, objects) for text in [r["goal"], *r["observations"]] for s in sentences(text)]
        every = thought + other
        read = [s for text in [r["goal"], *r["observations"], *r["thoughts"], *r.get("rules", ())]
                for s in sentences(text)]
        rows[r["label"]] = {
            "thought_ok": sum(ok for ok, _ in thought), "thoughts": len(thought),
            "all_ok": sum(ok for ok, _ in every), "sentences": len(every),
            "glued": sum(g for _, g in every),
            "bare": sum(bare(line, step, judge, objects) for line, step in zip(r["actions"], r["plan"])),
            "actions": len(r["actions"]), "shapes": sorted(set(r["shapes"])),
            "denied": sum(bool(DENIED.search(s)) for s in read),
            "capital": sum(capital_inside(s, objects) for s in read), "read": len(read),
            "false_needs": len(r.get("false_needs", ()))}
    return rows


def reading(text: str) -> str:
    """A reading as compared: lower case, single spaces, no full stop."""
    return " ".join(text.lower().split()).rstrip(".")


def held_out_sources() -> set[str]:
    """The sources of the held-out part: the domains written after the rules were tuned (split.json), and those
    whose sha256's first hex digit is 0-4 (data/gold_readings/README.md)."""
    split = GOLD / "split.json"
    listed = set(json.loads(split.read_text(encoding="utf-8"))["held_out_sources"]) if split.is_file() else set()
    hashed = {e["source"] for e in gold_entries() if hashlib.sha256(e["source"].encode()).hexdigest()[0] in "01234"}
    return listed | hashed


def agreement(derived: list[dict]) -> list[dict]:
    """Each gold entry with its derived template and whether it is the reading or a listed alternative."""
    held = held_out_sources()
    scored = []
    for entry, got in zip(gold_entries(), derived):
        accepted = {reading(entry["reading"]), *map(reading, entry["also"])}
        text = got.get("derived")
        scored.append({**entry, "derived": text, "error": got.get("error"),
                       "part": "held-out" if entry["source"] in held else "tuned",
                       "agrees": text is not None and reading(text) in accepted})
    return scored


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def totals(rows: dict[str, dict], prefix: str) -> dict:
    chosen = [v for k, v in rows.items() if k.startswith(prefix) and "error" not in v]
    keys = ("thought_ok", "thoughts", "all_ok", "sentences", "glued", "bare", "actions", "denied", "capital", "read",
            "false_needs")
    out = {k: sum(v[k] for v in chosen) for k in keys}
    out["shapes"] = sorted({s for v in chosen for s in v["shapes"]})
    out["domains"] = len(chosen)
    out["errors"] = sum(1 for k, v in rows.items() if k.startswith(prefix) and "error" in v)
    return out


def print_agreement(gold: dict[str, list[dict]], show_held_out: bool) -> None:
    """The headline: derived wording that is a gold reading or a listed alternative, by group, part and kind; then
    the tuned part's misses (the held-out part's only when asked)."""
    some = next(iter(gold.values()))
    print(f"## Agreement with the gold readings ({len(some)} entries written by hand, data/gold_readings)")
    header, table = ["domains", "part", "kind"] + [f"agree {name}" for name in gold], []
    for prefix, title in [*GOLD_GROUPS, ("", "all")]:
        for part in ("tuned", "held-out"):
            for kind in ("predicate", "action", "both"):
                cells = [title, part, kind]
                for scored in gold.values():
                    chosen = [e for e in scored if e["source"].startswith(prefix) and e["part"] == part
                              and kind in (e["kind"], "both")]
                    agreed = sum(e["agrees"] for e in chosen)
                    cells.append(f"{agreed}/{len(chosen)} ({_pct(agreed, len(chosen))})")
                table.append(cells)
    print_rows(header, table)
    last = list(gold)[-1]
    for e in gold[last]:
        if not e["agrees"] and (e["part"] == "tuned" or show_held_out):
            got = e["error"] or e["derived"]
            print(f"- miss {e['part']}: {e['source']} {e['kind']} {e['name']}: {got!r}, gold {e['reading']!r}")
    print()


def agreement_figures(scored: list[dict]) -> dict[str, list[int]]:
    """[agreed, entries] of each part."""
    return {part.replace("-", "_"): [sum(e["agrees"] for e in scored if e["part"] == part),
                                     sum(e["part"] == part for e in scored)] for part in ("tuned", "held-out")}


def record_agreement(scored: list[dict]) -> None:
    """Write the figures the dataset cards quote (agentgen_sym/wording/judged.json)."""
    from agentgen_sym.files import write_atomic

    write_atomic(ROOT / "agentgen_sym" / "wording" / "judged.json", json.dumps(agreement_figures(scored)) + "\n")


def run_child(code: Path | None, args: argparse.Namespace) -> dict:
    command = [sys.executable, str(Path(__file__).resolve()), "--measure", "--benchmarks", str(args.benchmarks)]
    command += ["--code", str(code)] if code else []
    command += ["--domains", *args.domains] if args.domains else []
    proc = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if proc.returncode != 0:
        raise SystemExit(f"measuring {code or 'this checkout'} failed:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_benchmarks_option(parser)
    parser.add_argument("--baseline", type=Path, metavar="DIR",
                        help="a checkout of the code to compare against (measured first, as 'before')")
    parser.add_argument("--domains", nargs="+", metavar="LABEL",
                        help="only these (corpus:NAME, derived:NAME, ipc:NAME, llm:NAME, style:NAME)")
    parser.add_argument("--quick", action="store_true", help=f"only {', '.join(QUICK)}")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the raw texts and figures here")
    parser.add_argument("--record", action="store_true",
                        help="write this checkout's agreement to agentgen_sym/wording/judged.json (the cards' figure)")
    parser.add_argument("--held-out-misses", action="store_true",
                        help="list the held-out part's misses too (never tune on them)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)  # the child's mode
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.domains = list(QUICK) if args.quick and not args.domains else args.domains
    if args.measure:
        child(args)
        return
    if args.baseline and not (args.baseline / "agentgen_sym" / "__init__.py").is_file():
        raise SystemExit(f"--baseline: {args.baseline} holds no agentgen_sym checkout")
    judge = Judge()
    outputs = {"after": run_child(None, args)}
    if args.baseline:
        outputs = {"before": run_child(args.baseline, args), **outputs}
    runs = {name: out["domains"] for name, out in outputs.items()}
    gold = {name: agreement(out["gold"]) for name, out in outputs.items()}
    print_agreement(gold, show_held_out=args.held_out_misses)
    if args.record:
        record_agreement(gold["after"])
    rows = {name: summarise(results, judge) for name, results in runs.items()}
    groups = (("corpus:", "bundled corpus, reviewed templates"), ("derived:", "bundled corpus, templates removed"),
              ("ipc:", "benchmark domains, derived wording"),
              ("llm:", "LLM-drafted domains (AgentGen), derived wording"),
              ("style:", "domains in users' styles (data/styles), derived wording"))
    for prefix, title in groups:
        print(f"\n## {title}")
        header = ["domain"] + [f"{h} {name}" for name in rows for h in ("thoughts ok", "all ok", "glued", "bare",
                                                                          "shapes", "denied", "capital",
                                                                          "false needs")]
        table = []
        labels = sorted({k for r in rows.values() for k in r if k.startswith(prefix)})
        for label in [*labels, "TOTAL"]:
            cells = [label.removeprefix(prefix)]
            for name, r in rows.items():
                v = totals(r, prefix) if label == "TOTAL" else r.get(label, {"error": "absent"})
                if "error" in v and label != "TOTAL":
                    cells += [v["error"][:24], "", "", "", "", "", "", ""]
                    continue
                cells += [_pct(v["thought_ok"], v["thoughts"]), _pct(v["all_ok"], v["sentences"]),
                          _pct(v["glued"], v["sentences"]), _pct(v["bare"], v["actions"]), str(len(v["shapes"])),
                          f"{v['denied']}/{v['read']}", f"{v['capital']}/{v['read']}",
                          f"{v['false_needs']}/{v['thoughts']}"]
            table.append(cells)
        print_rows(header, table)
        for name, r in rows.items():  # the cell holds only the start of an error: the whole line here
            for label in labels:
                if "error" in r.get(label, {}):
                    print(f"{label} {name}: {r[label]['error']}")
    print("\n## Roles: journeys of move-like actions read from start to end (every action, not only those played)")
    header, table = ["domains"] + [f"read right {name}" for name in runs], []
    for prefix, title in groups:
        cells = [title]
        for name, results in runs.items():
            found = [r["roles"] for r in results if r["label"].startswith(prefix) and "roles" in r]
            total = sum(f["journeys"] for f in found)
            right = total - sum(len(f["misread"]) for f in found)
            cells.append(f"{right}/{total} ({_pct(right, total)})")
        table.append(cells)
    if not args.domains:
        cells = [f"LLM-drafted domains without problems ({LLM_DRAFTS.relative_to(ROOT)})"]
        for name, out in outputs.items():
            total = sum(d["roles"]["journeys"] for d in out["drafts"])
            right = total - sum(len(d["roles"]["misread"]) for d in out["drafts"])
            cells.append(f"{right}/{total} ({_pct(right, total)})")
        table.append(cells)
    print_rows(header, table)
    for name, results in runs.items():
        for r in [*results, *outputs[name]["drafts"]]:
            for line in r.get("roles", {}).get("misread", ()):
                print(f"- misread {name}: {r['label']} {line}")
            for thought in r.get("false_needs", ())[:3]:
                print(f"- false need {name}: {r['label']} {thought}")
    print("\n## Thought frames used, all domains")
    for name, r in rows.items():
        print(f"{name}: {len({s for v in r.values() if 'error' not in v for s in v['shapes']})} distinct")
    print(f"\n## Derived thought sentences quoted ({PER_DOMAIN} per domain: {', '.join(QUOTED)})")
    for domain in QUOTED:
        for name, results in runs.items():
            found = next((r for r in results if r["label"] == f"ipc:{domain}" and "error" not in r), None)
            quoted = [s for t in found["thoughts"] for s in sentences(t)][:PER_DOMAIN] if found else []
            for sentence in quoted:
                print(f"- {domain} {name}: {sentence}")
    print(f"\n## Records of the style domains quoted ({PER_STYLE} sentences each: the goal line, then the thoughts)")
    labels = sorted({r["label"] for results in runs.values() for r in results if r["label"].startswith("style:")})
    for label in labels:
        for name, results in runs.items():
            found = next((r for r in results if r["label"] == label and "error" not in r), None)
            quoted = ([*sentences(found["goal"]), *(s for t in found["thoughts"] for s in sentences(t))][:PER_STYLE]
                      if found else ["(no record: " + next((r["error"] for r in results if r["label"] == label),
                                                           "absent") + ")"])
            for sentence in quoted:
                print(f"- {label} {name}: {sentence}")
    if args.json:
        from bench.common import write_json

        write_json(args.json, {"runs": runs, "figures": rows, "gold": gold})


if __name__ == "__main__":
    main()
