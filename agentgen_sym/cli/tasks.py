"""``generate``, ``evolve``, ``export`` and ``run``: task sets made, evolved and exported as training data, and the
main job that does all three for every domain of a corpus."""

from __future__ import annotations

import argparse
import shlex
import time
from pathlib import Path
from typing import TYPE_CHECKING

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_OK, MAX_LEVEL, MAX_TASKS, LazyProgress, UsageError,
                                     bundled_corpus, eprint, executor, executor_options, job_limit_options,
                                     level_range, llm_client, llm_options, output_file, output_folder, plan_level,
                                     positive_int, refused_grounding, task_count)
from agentgen_sym.compiler.diagnostics import PddlError, render_text
from agentgen_sym.compiler.parser import parse_domain
from agentgen_sym.wording.templates import TemplateError, Templates
from agentgen_sym.compiler.ground import GroundingError
from agentgen_sym.executor import BatchFailed, ExecutorError
from agentgen_sym.export import FORMATS, MAX_STATES, ExportError, export_folder
from agentgen_sym.generation import evolve_folder, generate_folder
from agentgen_sym.generation.schemas import GOAL_MODES, GoalModeError
from agentgen_sym.generation.pool import EvolveOptions
from agentgen_sym.generation.measure import Budgets
from agentgen_sym.pipeline import TABLE, RunOptions, table_row
from agentgen_sym.pipeline import run as run_pipeline
from agentgen_sym.tables import print_table
from agentgen_sym.taskset import GenerationReport, TaskSetError
from agentgen_sym.taskset.folder import DOMAIN_FILE
from agentgen_sym.taskset.report import recorded_path

if TYPE_CHECKING:
    from agentgen_sym.llm import LLMClient


def _bievol_options(p: argparse.ArgumentParser) -> None:
    """Bi-Evol's budget, the same for generate, evolve and run; counted in rounds and expansions, never seconds,
    so the same seed gives the same tasks on any machine."""
    defaults = EvolveOptions()
    p.add_argument("--rounds", type=positive_int, default=defaults.rounds,
                   help=f"Bi-Evol rounds both ways from every seed task, at most (default {defaults.rounds})")
    p.add_argument("--satisficing-expansions", type=positive_int, default=defaults.budgets.satisficing, metavar="N",
                   help=f"expanded states for a candidate's first plan (default {defaults.budgets.satisficing})")
    p.add_argument("--optimal-expansions", type=positive_int, default=defaults.budgets.optimal, metavar="N",
                   help="expanded states to prove a plan length optimal; beyond it the task is flagged with its "
                        f"lower bound (default {defaults.budgets.optimal})")
    p.add_argument("--optimal-work", type=positive_int, default=defaults.budgets.optimal_work, metavar="N",
                   help="the optimal search's expansions times the task's ground operators, at most: a task of "
                        f"many operators gets fewer expansions (default {defaults.budgets.optimal_work})")
    p.add_argument("--heuristic-work", type=positive_int, default=defaults.budgets.heuristic_work, metavar="N",
                   help="the same for the optimal search of a task with action costs (A* on h_max, which also "
                        f"evaluates every successor: a dearer expansion) (default {defaults.budgets.heuristic_work})")
    p.add_argument("--satisficing-work", type=positive_int, default=defaults.budgets.satisficing_work, metavar="N",
                   help="the same for the satisficing search (default "
                        f"{defaults.budgets.satisficing_work})")
    p.add_argument("--proof-work", type=positive_int, default=defaults.budgets.proof_work, metavar="N",
                   help="the second optimal search of a selected task still flagged (A* on LM-cut): its "
                        "expansions times the start's applicable operators, LM-cut rounds and ground operators, "
                        f"at most (default {defaults.budgets.proof_work})")


def _evolve_options(args: argparse.Namespace) -> EvolveOptions:
    return EvolveOptions(args.rounds, budgets=Budgets(args.satisficing_expansions, args.optimal_expansions,
                                                      satisficing_work=args.satisficing_work,
                                                      optimal_work=args.optimal_work,
                                                      heuristic_work=args.heuristic_work,
                                                      proof_work=args.proof_work))


def _generation_summary(report: GenerationReport, out: Path) -> None:
    levels = range(report.lo, report.hi + 1)
    print_table(["difficulty", "tasks", "easier made", "harder made"],
                [[str(level), str(report.histogram.get(level, 0)), str(report.levels.get(level, {}).get("easier", 0)),
                  str(report.levels.get(level, {}).get("harder", 0))] for level in levels])
    for label, reason in report.skipped:
        eprint(f"skipped {label}: {reason}")
    for level, reason in report.unreached.items():
        eprint(f"level {level} asked for but not reached: {reason}")
    if report.dropped:
        eprint("levels reached but not kept: " + ", ".join(f"{level} ({count} verified)"
                                                           for level, count in report.dropped.items()))
    bievol = "; ".join(f"{d}: {c.get('candidates', 0)} candidates, {c.get('verified', 0)} verified, "
                       f"{c.get('kept', 0)} kept" for d, c in report.evolution.items())
    print(f"\nBi-Evol, {report.rounds} round(s) both ways from every seed task: {bievol}")
    print(f"{len(report.tasks)} tasks (from {report.pool_text()}), "
          f"{report.filled}/{report.hi - report.lo + 1} levels filled of {report.lo}..{report.hi}"
          + (f" ({report.range_source})" if report.range_source else "") + f", written to {out}; "
          f"report: {out / 'report.md'}" + (f"; {len(report.skipped)} input task(s) skipped" if report.skipped else ""))


def _warn_derived(domain_file: Path) -> None:
    """Say once for the domain when any of its wording is derived from PDDL names, and how to review it."""
    try:
        templates = Templates.beside(parse_domain(domain_file), domain_file)
    except (OSError, PddlError, TemplateError):
        return  # the command has reported a domain or templates file it cannot read
    warning = templates.derived_warning(shlex.quote(str(domain_file)))
    if warning:
        eprint(warning)


def _range_words(args: argparse.Namespace) -> list[str]:
    """``--range LO HI`` as given, for the command a task folder records; none when the range was the default."""
    return ["--range", *map(str, args.range)] if args.range else []


def _raise_if_writing(exc: OSError, out: Path) -> None:
    """Re-raise an I/O error on a file under ``out``: writing the results failed, and main says so."""
    if exc.filename and Path(exc.filename).resolve().is_relative_to(out.resolve()):
        raise exc


# --------------------------------------------------------------------------- generate and evolve


def add_generate(sub: argparse._SubParsersAction) -> None:
    gen = sub.add_parser("generate",
                         description="Generate tasks without an LLM: goals are new instances of the seed problem's goal "
                                     "(--goals), every task checked, "
                                     "solved (optimal where the budget allows, else flagged) and validated, "
                                     "duplicates up to object renaming dropped, Bi-Evol for easier and harder "
                                     "variants, then an even difficulty histogram. Same seed, same bytes.",
                         epilog="Writes OUT/domain.pddl, OUT/tasks/*.pddl, OUT/tasks.jsonl, OUT/report.md and "
                                "OUT/difficulty.png. Exit codes: 0 ok, 1 input errors, no task, or a unit of work "
                                "that failed (the reason is printed), 2 usage or I/O.")
    gen.add_argument("domain", metavar="DOMAIN")
    gen.add_argument("problem", metavar="SEED_PROBLEM")
    gen.add_argument("--n", type=task_count, default=20, help=f"number of tasks (default 20, at most {MAX_TASKS:,})")
    gen.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    gen.add_argument("--out", required=True, metavar="DIR", type=output_folder, help="output folder")
    gen.add_argument("--range", type=plan_level, nargs=2, metavar=("LO", "HI"),
                     help="difficulty range (optimal plan length) to cover evenly (default: from the seed problem's "
                          "own optimal plan length, a third of it to twice it, so tasks are as long as the domain's "
                          f"real ones; levels up to {MAX_LEVEL:,})")
    gen.add_argument("--goals", choices=GOAL_MODES, default="auto",
                     help="where goals come from: 'schema', new instances of the seed goal's literals (its predicates "
                          "and signs, other objects of the same types, more or fewer of them); 'walk', facts a "
                          "random walk made true; 'auto' (default), schema where the seed has a goal, walk facts "
                          "for an attempt that reaches no instance. report.md and tasks.jsonl's goal_source say "
                          "which task came from which")
    job_limit_options(gen, "generate")
    _bievol_options(gen)
    executor_options(gen)
    gen.set_defaults(handler=cmd_generate, output_folder="out")


def cmd_generate(args: argparse.Namespace) -> int:
    lo, hi = level_range(args.range)
    progress = LazyProgress("generate")
    try:
        command = shlex.join(["agentgen-sym", "generate", recorded_path(args.domain), recorded_path(args.problem), "--n",
                              str(args.n), "--seed", str(args.seed), *_range_words(args), "--goals", args.goals])
        report = generate_folder(Path(args.domain), Path(args.problem), args.n, args.seed, Path(args.out), lo, hi,
                                 progress, _evolve_options(args), executor(args), goals=args.goals, command=command)
    except (ExecutorError, GoalModeError) as exc:
        raise UsageError(str(exc)) from exc
    except BatchFailed as exc:
        eprint(f"error: generation stopped: {exc.reason}")
        return EXIT_FINDINGS
    except OSError as exc:
        _raise_if_writing(exc, Path(args.out))
        raise UsageError(f"cannot read {exc.filename}: {exc.strerror or exc}") from exc
    except PddlError as exc:
        for d in exc.diagnostics:
            eprint(render_text(d))
        return EXIT_FINDINGS
    except GroundingError as exc:  # the seed task itself cannot be grounded (too large, an unsupported feature)
        return refused_grounding(exc)
    finally:
        progress.close()
    _generation_summary(report, Path(args.out))
    _warn_derived(Path(args.domain))
    return EXIT_OK if report.tasks else EXIT_FINDINGS


def add_evolve(sub: argparse._SubParsersAction) -> None:
    evo = sub.add_parser("evolve",
                         description="Read a folder written by `generate`, evolve every task easier (fewer goal "
                                     "atoms, subgoals along its plan, fewer objects) and harder (more goal atoms, "
                                     "longer walks), verify each, and select an even histogram over --range.",
                         epilog="Exit codes: 0 ok, 1 no task selected or a unit of work failed, 2 usage or I/O error.")
    evo.add_argument("tasks_dir", metavar="TASKS_DIR")
    evo.add_argument("--n", type=task_count, default=20, help=f"number of tasks (default 20, at most {MAX_TASKS:,})")
    evo.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    evo.add_argument("--out", required=True, metavar="DIR", type=output_folder, help="output folder")
    evo.add_argument("--range", type=plan_level, nargs=2, metavar=("LO", "HI"),
                     help="difficulty range to cover evenly (default: from the input tasks' plan lengths, a third of "
                          f"the shortest to twice the longest; levels up to {MAX_LEVEL:,})")
    job_limit_options(evo, "evolve")
    _bievol_options(evo)
    executor_options(evo)
    evo.set_defaults(handler=cmd_evolve, output_folder="out")


def cmd_evolve(args: argparse.Namespace) -> int:
    lo, hi = level_range(args.range)
    progress = LazyProgress("evolve")
    try:
        command = shlex.join(["agentgen-sym", "evolve", recorded_path(args.tasks_dir), "--n", str(args.n), "--seed",
                              str(args.seed), *_range_words(args)])
        report = evolve_folder(Path(args.tasks_dir), args.n, args.seed, Path(args.out), lo, hi, progress,
                               _evolve_options(args), executor(args), command=command)
    except ExecutorError as exc:
        raise UsageError(str(exc)) from exc
    except BatchFailed as exc:
        eprint(f"error: Bi-Evol stopped: {exc.reason}")
        return EXIT_FINDINGS
    except OSError as exc:
        _raise_if_writing(exc, Path(args.out))
        raise UsageError(f"cannot evolve {args.tasks_dir}: {exc}") from exc
    except (ValueError, PddlError, GroundingError) as exc:
        raise UsageError(f"cannot evolve {args.tasks_dir}: {exc}") from exc
    finally:
        progress.close()
    _generation_summary(report, Path(args.out))
    _warn_derived(Path(args.tasks_dir) / DOMAIN_FILE)
    return EXIT_OK if report.tasks else EXIT_FINDINGS


# --------------------------------------------------------------------------- export


def add_export(sub: argparse._SubParsersAction) -> None:
    x = sub.add_parser("export",
                       description="Validate every task's plan on the lifted semantics, play it through the text "
                                   "environment and write one record per task, sorted by id: the domain rules, "
                                   "the goal, then Thought/Action/Observation turns, ending with the last action. Beside it: "
                                   "FILE's metadata (NAME.meta.jsonl), the folder's dataset card (README.md) and, "
                                   "for LLaMA-Factory, dataset_info.json. Same input, same bytes.",
                       epilog="Exit codes: 0 ok, 1 some task failed and was skipped (listed on stderr), 2 usage or "
                              "I/O error.")
    x.add_argument("tasks_dir", metavar="TASKS_DIR", help="a folder written by `generate` or `evolve`")
    x.add_argument("--format", choices=list(FORMATS), required=True,
                   help="record layout: " + "; ".join(f"{name} for {f.consumer}" for name, f in FORMATS.items()))
    x.add_argument("--out", required=True, metavar="FILE", type=output_file,
                   help="output file (replaced atomically; agentgym is a JSON array, the others JSON Lines)")
    x.add_argument("--negatives", action="store_true",
                   help="add one invalid action per task, its feedback and the recovery, the invalid turn masked "
                        "from the loss (only formats that can mask a turn: "
                        + ", ".join(name for name, f in FORMATS.items() if f.can_mask) + "; such a file is "
                        "registered only for trainers that honour the mask, never in dataset_info.json)")
    x.add_argument("--distances", action="store_true",
                   help=f"add the exact distance to the goal per step (tasks with at most {MAX_STATES} states)")
    x.add_argument("--thoughts", choices=["template", "llm"], default="template",
                   help="template: thoughts read off the plan's causal links (default); llm: each one paraphrased by "
                        "the configured LLM, kept only when the action and the facts it names are unchanged "
                        "(responses cached in FILE's folder)")
    llm_options(x, repair=False)
    job_limit_options(x, "export")
    executor_options(x)
    x.set_defaults(handler=cmd_export)


def cmd_export(args: argparse.Namespace) -> int:
    progress = LazyProgress("export", unit="task")

    command = shlex.join(["agentgen-sym", "export", args.tasks_dir, "--format", args.format, "--out", args.out,
                          *(["--negatives"] if args.negatives else []), *(["--distances"] if args.distances else []),
                          *(["--thoughts", "llm"] if args.thoughts == "llm" else [])])
    options = executor(args)
    llm = llm_client(args, Path(args.out).parent) if args.thoughts == "llm" else None
    try:
        stats = export_folder(Path(args.tasks_dir), args.format, Path(args.out), negatives=args.negatives,
                              distances=args.distances, progress=progress, command=command,
                              thoughts=args.thoughts, llm=llm, executor=options)
    except (ExportError, TaskSetError, ExecutorError) as exc:
        raise UsageError(str(exc)) from exc
    finally:
        progress.close()
        if llm is not None:
            llm.close()
    for skipped in stats.skipped:
        eprint(f"skipped {skipped.task_id}: {skipped.reason}")
    _warn_derived(Path(args.tasks_dir) / DOMAIN_FILE)
    omitted = f"; distances omitted for {stats.distances_omitted} (too many states)" if stats.distances_omitted else ""
    print(f"wrote {stats.written} of {stats.total} tasks to {stats.out_file} ({stats.fmt}){omitted}")
    if stats.paraphrases is not None:
        refused = ", ".join(f"{n} {why}" for why, n in sorted(stats.paraphrases.refused.items()))
        print(f"thoughts: {stats.paraphrases.kept} of {stats.paraphrases.asked} paraphrased by the LLM"
              + (f"; templated kept where the paraphrase {refused}" if refused else ""))
    return EXIT_OK if stats.ok else EXIT_FINDINGS


# --------------------------------------------------------------------------- package


def add_package(sub: argparse._SubParsersAction) -> None:
    x = sub.add_parser("package",
                       description="Write a task folder's playable tasks as an environment package: for OpenEnv, "
                                   "the tasks, a server app on openenv's own server (HTTP, WebSocket, the task API, "
                                   "one MCP tool per action), openenv.yaml (the reward contract, the declared tools "
                                   "and task count, the gold plans as the oracle, the generator's seed as the "
                                   "task-distribution pin), the runtime probe, a Dockerfile and a pyproject. "
                                   "`openenv validate DIR` reads it; `openenv push` publishes it.",
                       epilog="Exit codes: 0 ok, 1 some task could not be played and was left out (listed on "
                              "stderr), 2 usage or I/O error.")
    x.add_argument("tasks_dir", metavar="TASKS_DIR", help="a folder written by `generate`, `evolve` or `run`")
    x.add_argument("--format", choices=["openenv"], default="openenv", help="package layout (default: openenv)")
    x.add_argument("--out", required=True, metavar="DIR", type=output_folder,
                   help="the package's folder (new or empty; written whole or not at all)")
    x.add_argument("--name", help="the environment's name (default: the domain's, as an identifier)")
    x.add_argument("--reward", choices=["success", "progress"], default="success",
                   help="the reward each step pays (its share of the episode's return, which lies in [0, 1]; "
                        "default: success)")
    x.add_argument("--max-steps", type=positive_int, default=30, metavar="N",
                   help="steps an episode may take (default 30)")
    x.set_defaults(handler=cmd_package)


def cmd_package(args: argparse.Namespace) -> int:
    from agentgen_sym.export.openenv_package import PackageError, write_openenv_package
    from agentgen_sym.rl.library import TaskLibraryError

    try:
        stats = write_openenv_package(Path(args.tasks_dir), Path(args.out), args.name, args.reward, args.max_steps)
    except (PackageError, TaskLibraryError, TaskSetError) as exc:
        raise UsageError(str(exc)) from exc
    except OSError as exc:
        _raise_if_writing(exc, Path(args.out))
        raise UsageError(f"cannot package {args.tasks_dir}: {exc}") from exc
    for skipped in stats.skipped:
        eprint(skipped)
    print(f"wrote the OpenEnv package {stats.name} to {stats.out}: {stats.tasks} tasks, {len(stats.tools)} tools; "
          f"start it there with `uvicorn server.app:app --port 8000`, check it with `openenv validate {stats.out}`")
    return EXIT_FINDINGS if stats.skipped else EXIT_OK


# --------------------------------------------------------------------------- the main job


def add_run(sub: argparse._SubParsersAction) -> None:
    r = sub.add_parser("run",
                       description="For every domain of the corpus: check, generate tasks, Bi-Evol them, solve and "
                                   "validate, export trajectories (sharegpt, openai, agentgym, agentflan). Writes "
                                   "OUT/dataset.*, the dataset card OUT/README.md and OUT/report.md; a rerun "
                                   "resumes finished domains.",
                       epilog="Exit codes: 0 ok, 1 a domain failed or was skipped (its folder name is not UTF-8, its "
                              "domain.pddl no regular file), 2 usage or I/O error (a full disk). Other input files "
                              "that are no regular file (a FIFO, a link loop) are a warning and left out.")
    r.add_argument("--corpus", default=str(bundled_corpus()), metavar="DIR",
                   help="folder of domain folders (default: the bundled corpus)")
    r.add_argument("--out", default="out", metavar="DIR", type=output_folder, help="output folder (default: out)")
    r.add_argument("--n", type=task_count, default=12, help=f"tasks per domain (default 12, at most {MAX_TASKS:,})")
    r.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    r.add_argument("--range", type=plan_level, nargs=2, metavar=("LO", "HI"),
                   help="difficulty range to cover evenly per domain (default: each domain's own, from a third of its "
                        f"seed problem's optimal plan length to twice it; levels up to {MAX_LEVEL:,})")
    _bievol_options(r)
    job_limit_options(r, "run")
    executor_options(r)
    llm = r.add_argument_group("wording", "With an LLM endpoint configured (these options, agentgen.toml or "
                                          "OPENAI_BASE_URL/OPENAI_API_KEY), a domain folder without a templates.json "
                                          "gets its wording drafted as `agentgen-sym templates` drafts it, into "
                                          "OUT/<domain>/wording/; without one, or from a dead endpoint, the wording "
                                          "is derived from the PDDL names (a warning, never a failed run)")
    llm_options(llm, repair=False)
    r.set_defaults(handler=cmd_run, output_folder="out")


def _configured_llm(args: argparse.Namespace, out: Path) -> LLMClient | None:
    """The LLM client when an endpoint is configured (``llm_client``), else None: ``run`` needs none."""
    from agentgen_sym.llm.config import LLMConfig, LLMNotConfigured

    try:
        LLMConfig.from_env(base_url=args.base_url, api_key=args.api_key, model=args.model)
    except LLMNotConfigured:
        return None
    except ValueError:  # a bad agentgen.toml: llm_client says what is wrong with it
        pass
    return llm_client(args, out)


def cmd_run(args: argparse.Namespace) -> int:
    corpus, out = Path(args.corpus), Path(args.out)
    if not corpus.is_dir():
        raise UsageError(f"cannot read {corpus}: not a folder of domains")
    started = time.perf_counter()

    progress = LazyProgress("run", unit="task", scale=args.n)  # domains done, shown as tasks: n per domain

    lo, hi = level_range(args.range)
    options = RunOptions(args.n, args.seed, lo, hi, _evolve_options(args))
    llm = _configured_llm(args, out)
    try:
        summaries = run_pipeline(corpus, out, args.n, args.seed, progress, options=options, log=eprint,
                                 executor=executor(args), llm=llm)
    except (ValueError, ExecutorError, ExportError) as exc:  # ExportError: the combined files cannot be written
        raise UsageError(str(exc)) from exc
    finally:
        progress.close()
        if llm is not None:
            llm.close()
    print_table(list(TABLE), [table_row(s) for s in summaries])
    total = sum(s.tasks for s in summaries)
    evolved = sum(s.easier + s.harder for s in summaries)
    print(f"\n{total} tasks ({evolved} Bi-Evol variants), {sum(s.valid_plans for s in summaries)} valid gold plans, "
          f"{time.perf_counter() - started:.0f} s; dataset and report in {out}/")
    return EXIT_FINDINGS if any(s.error for s in summaries) else EXIT_OK
