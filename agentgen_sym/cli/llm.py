"""``draft`` and ``build``: environments drafted by an LLM from inspiration texts, one by one or as a resumable
build that goes on to tasks and trajectories. The drafting package is imported by the handlers only, so the
other commands never load ``openai``."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, MAX_TASKS, LazyProgress, UsageError,
                                     bundled_corpus, eprint, executor, executor_options, llm_client, llm_options,
                                     non_negative_int, output_file, output_folder, positive_int, task_count)
from agentgen_sym.compiler import ast
from agentgen_sym.compiler.check import check
from agentgen_sym.compiler.parser import parse_source
from agentgen_sym.domainflow import SEED_RULES
from agentgen_sym.executor import ExecutorError
from agentgen_sym.files import read_text_bounded
from agentgen_sym.taskset.report import recorded_path

LLM_ERROR = "llm-error"  # the drafting rejection code for an endpoint that gave no usable response


def add_draft(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("draft",
                       description="Inspiration text -> description -> PDDL domain and templates -> check, "
                                   "automatic fixes, LLM repair rounds -> problems -> the same -> solve and "
                                   "validate -> lint. Prints each stage's outcome; writes DIR/record.json (every "
                                   "prompt, response, diagnostic and fix) and, when accepted, the environment.",
                       epilog="Exit codes: 0 accepted, 1 the environment was rejected (the reason is printed), 2 "
                              "usage error, no LLM endpoint configured, or an endpoint that is unreachable or "
                              "misconfigured (no usable response after the retries: wrong URL, key or model).")
    d.add_argument("text", nargs="?", metavar="TEXT", help="the inspiration text")
    d.add_argument("--file", metavar="F", help="read the inspiration text from a file")
    d.add_argument("-o", "--output-dir", required=True, metavar="DIR", type=output_folder, help="where the environment goes")
    meaning_options(d)
    d.add_argument("--reference", metavar="DOMAIN",
                   help="judge the result against this known domain with `equiv` (the verdict, and a counterexample "
                        "when they differ, go in the record; it decides nothing)")
    llm_options(d)
    d.set_defaults(handler=cmd_draft, output_folder="output_dir")


def meaning_options(p: argparse.ArgumentParser) -> None:
    """--candidates and --scenario-checks: drafting that checks what a domain means, not only its form."""
    p.add_argument("--candidates", type=positive_int, default=1, metavar="K",
                   help="draft K candidate domains (K samples of the endpoint), group them with `equiv` and keep the "
                        "largest group; the record says how many agreed (default 1)")
    p.add_argument("--scenario-checks", type=non_negative_int, default=0, metavar="N",
                   help="ask the LLM for N behaviour checks written from the text (action sequences that must be "
                        "possible, and ones whose last step must not be), replay them on the domain and send each "
                        "failure back as a repair prompt with its counterexample (default 0: none)")


def _reference(path: str | None) -> ast.Domain | None:
    """The --reference domain, checked; exit 2 when it is no clean domain."""
    if path is None:
        return None
    try:
        parsed = parse_source(Path(path))
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    errors = [d for d in parsed.diagnostics if d.is_error]
    if not errors and isinstance(parsed.node, ast.Domain):
        errors = [d for d in check(parsed.node, strict=False) if d.is_error]
    if errors or not isinstance(parsed.node, ast.Domain):
        why = errors[0].message if errors else "a problem or a plan"
        raise UsageError(f"--reference {path}: not a domain without errors ({why}); `agentgen-sym check` shows why")
    return parsed.node


def cmd_draft(args: argparse.Namespace) -> int:
    from agentgen_sym.drafting import DraftOptions, draft_environment
    from agentgen_sym.drafting.console import StagePrinter, print_verdict

    if (args.text is None) == (args.file is None):
        raise UsageError("give the inspiration TEXT or --file F (one of them)")
    try:
        text = args.text if args.file is None else read_text_bounded(Path(args.file))
    except OSError as exc:
        raise UsageError(f"cannot read {args.file}: {exc.strerror or exc}") from exc
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    out = Path(args.output_dir)
    reference = _reference(args.reference)
    client = llm_client(args, out)
    show = StagePrinter()
    options = DraftOptions(max_repair_rounds=args.max_repair_rounds, candidates=args.candidates,
                           scenario_checks=args.scenario_checks)
    with client:
        result = draft_environment(text, out, client, options, on_stage=show.stage, on_round=show.round,
                                   reference=reference)
    print_verdict(result)
    if result.accepted:
        return EXIT_OK
    if result.verdict.reason_code == LLM_ERROR:
        eprint(f"error: the LLM endpoint gave no usable response ({result.verdict.reason}); the environment was "
               "not judged: check --base-url, --model and the key, then rerun")
        return EXIT_USAGE
    return EXIT_FINDINGS


def add_build(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("build",
                       description="For each inspiration text (in name order, until N environments are accepted): "
                                   "draft an environment (see `draft`), reject near-duplicates, then generate "
                                   "tasks, Bi-Evol them (symbolic and LLM rewrites, all verified) and export "
                                   "trajectories. Resumable: finished items have OUT/envs/ID/done.json. Writes "
                                   "OUT/dataset.*.jsonl, OUT/report.md and OUT/report.json.",
                       epilog="Exit codes: 0 N environments accepted, 1 fewer because environments were "
                              "rejected, 2 usage error, no LLM endpoint configured, or fewer while the endpoint "
                              "gave no usable response for some text (unreachable or misconfigured).")
    b.add_argument("--inspiration", default=str(bundled_corpus().parent / "inspiration"), metavar="DIR",
                   help="folder of .txt inspiration texts (default: the bundled corpus/inspiration)")
    b.add_argument("--n-envs", type=positive_int, default=5, metavar="N", help="environments to accept (default 5)")
    b.add_argument("--out", default="out-llm", metavar="DIR", type=output_folder, help="output folder (default: out-llm)")
    b.add_argument("--tasks", type=task_count, default=8, metavar="N",
                   help=f"tasks per environment (default 8, at most {MAX_TASKS:,})")
    b.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    b.add_argument("--llm-evolve", type=non_negative_int, default=1, metavar="K",
                   help="LLM rewrites asked per direction (easier, harder) per environment (default 1)")
    b.add_argument("--seed-problem", choices=SEED_RULES, default="smallest",
                   help="which accepted problem seeds task generation (default: smallest; generation's cost "
                        "grows with the seed's objects)")
    b.add_argument("--max-endpoint-failures", type=non_negative_int, default=3, metavar="K",
                   help="stop after K texts in a row fail on the endpoint (default 3; 0: never stop)")
    meaning_options(b)
    executor_options(b)
    llm_options(b)
    b.set_defaults(handler=cmd_build, output_folder="out")


def cmd_build(args: argparse.Namespace) -> int:
    from agentgen_sym.drafting import BuildOptions, DraftOptions, build
    from agentgen_sym.drafting.console import print_build_summary

    inspiration, out = Path(args.inspiration), Path(args.out)
    if not inspiration.is_dir() or not any(inspiration.glob("*.txt")):
        raise UsageError(f"cannot read {inspiration}: not a folder of .txt inspiration texts")
    options = executor(args)
    client = llm_client(args, out)
    command = shlex.join(["agentgen-sym", "build", "--inspiration", recorded_path(inspiration), "--n-envs",
                          str(args.n_envs), "--tasks", str(args.tasks), "--seed", str(args.seed), "--llm-evolve",
                          str(args.llm_evolve), "--seed-problem", args.seed_problem, "--model", client.config.model])
    build_options = BuildOptions(args.n_envs, args.tasks, args.seed, args.llm_evolve,
                                 DraftOptions(max_repair_rounds=args.max_repair_rounds, candidates=args.candidates,
                                              scenario_checks=args.scenario_checks), args.seed_problem,
                                 args.max_endpoint_failures, command)
    bar = LazyProgress("build", unit="text")

    def progress(done: int, total: int, accepted: int, env_id: str) -> None:
        bar(done, total, f"{accepted} accepted" + (f", {env_id[:32]}" if env_id else ""))

    with client:
        try:
            report = build(inspiration, out, client, build_options, progress, options)
        except ExecutorError as exc:
            raise UsageError(str(exc)) from exc
        finally:
            bar.close()
    print_build_summary(report, out)
    if report.stopped:
        eprint(f"error: the build {report.stopped}")
    if len(report.accepted) >= args.n_envs:
        return EXIT_OK
    unreached = report.rejections().get(LLM_ERROR, 0)
    if unreached:
        eprint(f"error: the LLM endpoint gave no usable response for {unreached} of {len(report.envs)} text(s); "
               "check --base-url, --model and the key, then rerun (finished items are kept)")
        return EXIT_USAGE
    return EXIT_FINDINGS


def add_templates(sub: argparse._SubParsersAction) -> None:
    t = sub.add_parser("templates",
                       description="Ask the LLM for one template per predicate and action of DOMAIN, check each "
                                   "(it names a predicate or action, its placeholders match the arity, its words are "
                                   "not just the PDDL name, each action's text reads back as exactly that action on "
                                   "the objects of --problem, else one per type), send the entries with problems "
                                   "back once, and keep the derived wording for what still fails. Writes OUTPUT "
                                   "with the LLM's entries under \"source\": \"llm\" (the derived ones stay derived) "
                                   "and says per entry where it came from (stderr, or --format json on stdout).",
                       epilog="Exit codes: 0 written, 1 the domain has errors, 2 usage error, no LLM endpoint "
                              "configured, an endpoint that gave no usable response or no usable entry, or a reply "
                              "with fewer usable entries than OUTPUT already holds (without --replace). OUTPUT is "
                              "then left untouched: the derived wording, or the file already there, stays in use. "
                              "The response cache is OUTPUT's folder's llm-cache.sqlite.")
    t.add_argument("domain", metavar="DOMAIN")
    t.add_argument("--problem", metavar="P", help="a problem whose objects the action texts are read back on")
    t.add_argument("-o", "--output", required=True, metavar="FILE", type=output_file,
                   help="the templates file to write (templates.json beside the domain is read by every command)")
    t.add_argument("--format", choices=("text", "json"), default="text",
                   help="text: a summary on stderr; json: every entry and its source on stdout")
    t.add_argument("--replace", action="store_true",
                   help="write OUTPUT even when it already holds more entries from the LLM than this reply gives "
                        "(by default a reviewed file is never replaced by a smaller one)")
    llm_options(t, repair=False)
    t.set_defaults(handler=cmd_templates)


def cmd_templates(args: argparse.Namespace) -> int:
    import json

    from agentgen_sym.compiler.check import check
    from agentgen_sym.compiler.diagnostics import PddlError, render_text
    from agentgen_sym.compiler.parser import parse_domain, parse_problem
    from agentgen_sym.drafting.calls import Rejected
    from agentgen_sym.drafting.wording import draft_templates
    from agentgen_sym.files import write_atomic

    try:
        domain = parse_domain(Path(args.domain))
        problem = parse_problem(Path(args.problem)) if args.problem else None
    except OSError as exc:
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        for d in exc.diagnostics:
            eprint(render_text(d))
        return EXIT_FINDINGS
    errors = [d for d in check(domain, problem) if d.is_error]
    if errors:
        for d in errors:
            eprint(render_text(d))
        return EXIT_FINDINGS
    out = Path(args.output)
    client = llm_client(args, out.parent)
    with client:
        try:
            wording = draft_templates(domain, problem, client, str(args.domain))
        except Rejected as exc:
            eprint(f"error: the LLM endpoint gave no usable response ({exc.reason}); {out} was left untouched and "
                   "the derived wording stays in use: check --base-url, --model and the key, then rerun")
            return EXIT_USAGE
    counts = wording.counts()
    usable, held = counts["llm"] + counts["llm-repaired"], _llm_entries(out)
    if usable == 0 or (usable < held and not args.replace):
        found = ("no usable entry (every one failed its checks or was missing)" if usable == 0 else
                 f"{usable} usable {'entry' if usable == 1 else 'entries'}, fewer than the {held} that {out} holds "
                 "(--replace writes it anyway)")
        eprint(f"error: the LLM endpoint gave {found}; {out} was left untouched and "
               + ("its entries stay in use" if held else "the derived wording stays in use"))
        return EXIT_USAGE
    write_atomic(out, json.dumps(wording.file_data(), indent=2, ensure_ascii=False) + "\n")
    if args.format == "json":
        print(json.dumps({"output": str(out), **wording.to_data()}, indent=2, ensure_ascii=False))
    else:
        for e in wording.entries:
            eprint(f"{e.section[:-1]} {e.name}: {e.source}: {e.text!r}" + (f" ({e.problem})" if e.problem else ""))
    eprint(f"wrote {out}: {counts['llm']} entries from the LLM, {counts['llm-repaired']} repaired by it, "
           f"{counts['derived']} derived")
    return EXIT_OK


def _llm_entries(path: Path) -> int:
    """The entries a templates file already holds (0 when there is none, or it cannot be read as one: not a
    regular file, over MAX_BYTES, not JSON)."""
    import json

    from agentgen_sym.compiler.limits import MAX_BYTES

    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return 0
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    if not isinstance(data, dict):
        return 0
    return sum(len(data[s]) for s in ("predicates", "actions") if isinstance(data.get(s), dict))
