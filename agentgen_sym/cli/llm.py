"""``draft`` and ``build``: environments drafted by an LLM from inspiration texts, one by one or as a resumable
build that goes on to tasks and trajectories. The drafting package is imported by the handlers only, so the
other commands never load ``openai``."""

from __future__ import annotations

import argparse
from pathlib import Path

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, MAX_TASKS, LazyProgress, UsageError,
                                     bundled_corpus, eprint, executor, executor_options, llm_client, llm_options,
                                     non_negative_int, output_folder, positive_int, task_count)
from agentgen_sym.domainflow import SEED_RULES
from agentgen_sym.executor import ExecutorError
from agentgen_sym.files import read_text_bounded

LLM_ERROR = "llm-error"  # the drafting rejection code for an endpoint that gave no usable response


def add_draft(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("draft", help="draft one environment from a text with an LLM, stage by stage",
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
    llm_options(d)
    d.set_defaults(handler=cmd_draft, output_folder="output_dir")


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
    client = llm_client(args, out)
    show = StagePrinter()
    with client:
        result = draft_environment(text, out, client, DraftOptions(max_repair_rounds=args.max_repair_rounds),
                                   on_stage=show.stage, on_round=show.round)
    print_verdict(result)
    if result.accepted:
        return EXIT_OK
    if result.verdict.reason_code == LLM_ERROR:
        eprint(f"error: the LLM endpoint gave no usable response ({result.verdict.reason}); the environment was "
               "not judged: check --base-url, --model and the key, then rerun")
        return EXIT_USAGE
    return EXIT_FINDINGS


def add_build(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("build", help="the LLM build: inspiration texts to environments, tasks and trajectories",
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
    build_options = BuildOptions(args.n_envs, args.tasks, args.seed, args.llm_evolve,
                                 DraftOptions(max_repair_rounds=args.max_repair_rounds), args.seed_problem,
                                 args.max_endpoint_failures)
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
