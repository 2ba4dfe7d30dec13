"""``serve`` and ``eval``: task folders played as text environments, by any client over HTTP or by a model
through the LLM endpoint, under one of the registered profiles (``env.profiles``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from agentgen_sym.cli.common import (EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, LazyProgress, UsageError, eprint, llm_client,
                                     llm_options, non_negative_int, output_folder, positive_int)
from agentgen_sym.compiler.limits import SERVED_MAX_OPERATORS
from agentgen_sym.env.profiles import DEFAULT_PROFILE, PROFILES
from agentgen_sym.extras import install_hint
from agentgen_sym.tables import print_table


def add_serve(sub: argparse._SubParsersAction) -> None:
    sv = sub.add_parser("serve",
                        description="Serve the tasks of one or more TASKS_DIRs over HTTP with AgentGym's routes "
                                    "(/create, /step, /reset, /observation, /available_actions, /detail, /close) "
                                    "plus /tasks, /health and /conversation_start; /step_many and /reset_many "
                                    "step or reset many environments in one request; OpenEnv's protocol "
                                    "(HTTP at /openenv/reset, /step, /state, /schema, /metadata; WebSocket "
                                    "sessions at /ws) for OpenEnv's clients. data_idx numbers tasks by id "
                                    "within each folder, folders in the order given (as the agentgym export's "
                                    "item_id). Rewards are progress rates. Stop with SIGTERM or Ctrl-C.",
                        epilog="Exit codes: 0 stopped cleanly, 2 usage error (unreadable folder, port in use, "
                               "missing serve extra).")
    sv.add_argument("tasks_dirs", nargs="+", metavar="TASKS_DIR", help="folders written by `generate`/`evolve`/`run`")
    sv.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1, this machine only)")
    sv.add_argument("--port", type=non_negative_int, default=8000, help="port (default 8000; 0 picks a free one and prints it)")
    sv.add_argument("--profile", choices=list(PROFILES), default=DEFAULT_PROFILE,
                    help="; ".join(f"{p.name}: {p.serve_help}{' (default)' * (p.name == DEFAULT_PROFILE)}"
                                   for p in PROFILES.values()))
    sv.add_argument("--http-errors", action="store_true",
                    help="answer errors with HTTP status codes (400/404/410/413/422) instead of AgentGym's "
                         "200 with {\"error\": ...}")
    sv.add_argument("--isolate", action="store_true",
                    help="number environments with random 128-bit ids instead of AgentGym's 0, 1, 2, ..., so that "
                         "only the client /create answered can name one (with AgentGym's numbers any client of the "
                         "server can step, read or close any environment made over HTTP). Whatever this says, "
                         "what a WebSocket or a client sending 'Authorization: Bearer TOKEN' creates is its own, "
                         "and OpenEnv episodes the server names are random 128-bit ids")
    sv.add_argument("--max-envs", type=positive_int, default=10000, metavar="N",
                    help="live environments at most; one more evicts the least recently used (default 10000)")
    sv.add_argument("--idle-timeout", type=float, default=3600.0, metavar="S",
                    help="evict environments idle this many seconds (default 3600)")
    sv.add_argument("--max-action-chars", type=positive_int, default=2000, metavar="N", help="longest action (default 2000)")
    sv.add_argument("--max-operators", type=positive_int, default=SERVED_MAX_OPERATORS, metavar="N",
                    help="play a task whose grounding would pass N operators on the lifted model, grounding nothing: "
                         "the same texts and the success reward, steps found by joining preconditions with the "
                         f"state (default {SERVED_MAX_OPERATORS:,})")
    sv.add_argument("--max-body-bytes", type=positive_int, default=65536, metavar="N",
                    help="largest request body (default 65536)")
    sv.add_argument("--max-connections", type=positive_int, default=2048, metavar="N",
                    help="concurrent connections at most; more are answered 503 (default 2048)")
    sv.add_argument("--max-header-bytes", type=positive_int, default=32768, metavar="N",
                    help="longest request line and headers; more are answered 431 (default 32768)")
    sv.add_argument("--read-timeout", type=float, default=30.0, metavar="S",
                    help="seconds a client has to send a whole request, and to start one after connecting; "
                         "a slower one is answered 408 and disconnected (default 30)")
    sv.add_argument("--write-timeout", type=float, default=30.0, metavar="S",
                    help="seconds a client that stops reading has to take what is queued for it (answers, pongs) "
                         "before it is disconnected and the queue freed, on HTTP and WebSocket alike; a queue "
                         "never passes 16 MiB (default 30)")
    sv.add_argument("--access-log", action="store_true", help="log every request (off by default: it costs time)")
    sv.add_argument("--lazy", action="store_true",
                    help="compile each task on its first reset instead of all before listening (faster start for "
                         "large folders; each first use then stalls the steps in flight for its compile)")
    ws = sv.add_argument_group("WebSocket (/ws and /openenv/ws: OpenEnv's sessions, batched AgentGym steps)")
    ws.add_argument("--ws-max-message-bytes", type=positive_int, default=1024 * 1024, metavar="N",
                    help="largest WebSocket message; a larger one closes the connection with 1009 (default 1048576)")
    ws.add_argument("--ws-max-envs-per-connection", type=positive_int, default=4096, metavar="N",
                    help="environments one WebSocket may create; more are refused (default 4096)")
    ws.add_argument("--ws-idle-timeout", type=float, default=300.0, metavar="S",
                    help="close a WebSocket silent this many seconds, and its environments (default 300)")
    ws.add_argument("--ws-max-connections", type=positive_int, default=1024, metavar="N",
                    help="WebSockets open at once; more are refused with 1013 (default 1024)")
    sv.set_defaults(handler=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from agentgen_sym.serve.catalog import Catalog, CatalogError
        from agentgen_sym.serve.pool import EnvPool
        from agentgen_sym.serve.server import LOOPBACK, run as run_server
        from agentgen_sym.serve.sockets import SocketLimits
        import fastapi  # noqa: F401  (the serve extra)
        import uvicorn  # noqa: F401
        import websockets  # noqa: F401  (uvicorn's WebSocket protocol)
    except ImportError as exc:
        raise UsageError(f"`serve` needs the serve extra: {install_hint('serve')} ({exc})") from exc
    for name in ("max_envs", "max_action_chars", "max_body_bytes", "max_connections", "max_header_bytes"):
        if getattr(args, name) < 1:
            raise UsageError(f"--{name.replace('_', '-')} must be at least 1")
    if args.idle_timeout <= 0:
        raise UsageError("--idle-timeout must be positive (seconds)")
    for name in ("read_timeout", "write_timeout", "ws_idle_timeout"):
        if not 0 < getattr(args, name) < float("inf"):
            raise UsageError(f"--{name.replace('_', '-')} must be a positive number of seconds")
    try:
        catalog = Catalog([Path(p) for p in args.tasks_dirs], max_operators=args.max_operators)
    except CatalogError as exc:
        raise UsageError(str(exc)) from exc
    for warning in catalog.warnings:
        eprint(f"warning: {warning}")
    if args.host not in LOOPBACK:
        eprint(f"warning: serving on {args.host}, not only on this machine (there is no authentication: any "
               "client can create episodes; see --isolate and the README on who can reach an episode)")
    pool = EnvPool(catalog, args.profile, max_envs=args.max_envs, idle_timeout=args.idle_timeout,
                   max_action_chars=args.max_action_chars, random_ids=args.isolate)
    try:
        run_server(pool, args.host, args.port, http_errors=args.http_errors, max_body_bytes=args.max_body_bytes,
                   max_connections=args.max_connections, max_head_bytes=args.max_header_bytes,
                   read_timeout_s=args.read_timeout, write_timeout_s=args.write_timeout, access_log=args.access_log, warm=not args.lazy,
                   socket_limits=SocketLimits(args.ws_max_message_bytes, args.ws_max_envs_per_connection,
                                              args.ws_idle_timeout, args.ws_max_connections))
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from exc
    return EXIT_OK


def add_eval(sub: argparse._SubParsersAction) -> None:
    ev = sub.add_parser("eval",
                        description="Play every task of the TASKS_DIRs with a ReAct agent in AgentBoard's VanillaAgent "
                                    "prompt shape over an OpenAI-compatible endpoint, at most --max-steps steps, and "
                                    "report success rate, progress rate and grounding accuracy overall, per domain "
                                    "and per difficulty level. Writes OUT/logs/pddl.jsonl (AgentBoard's log format), "
                                    "OUT/pddl.txt, OUT/all_results.txt, OUT/report.json and OUT/eval.png; a rerun "
                                    "resumes, LLM answers are cached in OUT/llm-cache.sqlite.",
                        epilog="Exit codes: 0 every episode scored, 1 some episode failed (endpoint errors after "
                               "the retries) or some task was skipped, 2 usage error, no LLM endpoint configured, "
                               "or the endpoint gave no usable response (K episodes in a row failed, or all did). "
                               "OUT/all_results.txt is written only when every episode ran; report.json names "
                               "the episodes that failed or were not played.")
    ev.add_argument("--tasks", nargs="+", required=True, metavar="DIR", help="folders written by generate/evolve/run")
    ev.add_argument("--out", default="out-eval", metavar="DIR", type=output_folder,
                    help="output folder (default: out-eval)")
    ev.add_argument("--profile", choices=list(PROFILES), default=DEFAULT_PROFILE,
                    help="text environment: " + "; ".join(
                        f"{p.name}, {p.eval_help}{' (default)' * (p.name == DEFAULT_PROFILE)}"
                        for p in PROFILES.values()))
    ev.add_argument("--max-steps", type=positive_int, default=30, metavar="N", help="steps per episode (default 30)")
    ev.add_argument("--concurrency", type=positive_int, metavar="N",
                    help="episodes played at once (default: the LLM client's max_concurrency)")
    ev.add_argument("--max-endpoint-failures", type=non_negative_int, default=3, metavar="K",
                    help="stop after K episodes in a row fail on the endpoint (default 3; 0: never stop)")
    llm_options(ev, repair=False)
    ev.set_defaults(handler=cmd_eval, output_folder="out")


def cmd_eval(args: argparse.Namespace) -> int:
    from agentgen_sym.evaluation import EvalError, EvalOptions, evaluate

    out = Path(args.out)
    client = llm_client(args, out)
    progress = LazyProgress("eval", unit="episode")
    options = EvalOptions(profile=args.profile, max_steps=args.max_steps, concurrency=args.concurrency,
                          max_endpoint_failures=args.max_endpoint_failures)
    with client:
        try:
            report = evaluate([Path(d) for d in args.tasks], client, out, options, progress)
        except EvalError as exc:
            raise UsageError(str(exc)) from exc
        finally:
            progress.close()
    if report.ran:
        print_table(["group", "episodes", "success", "progress", "grounding"], report.rows())
    for skipped in report.skipped:
        eprint(f"warning: skipped {skipped}")
    for error in report.errors:
        eprint(f"error: episode {error['id']} (task {error['task_id']} of {error['tasks_dir']}, {error['domain']}) "
               f"failed: {error['error']}")
    if report.not_run:
        eprint(f"error: {len(report.not_run)} episode(s) not played: "
               f"{', '.join(str(e['id']) for e in report.not_run)} (report.json names their tasks)")
    if report.stopped:
        eprint(f"error: eval {report.stopped}")
    total = len(report.settings["tasks"])
    if not report.all_ran:
        print(f"\n{report.ran} of {total} episode(s) ran and are scored above; no all_results.txt: rerun to "
              f"resume the others" if report.ran else f"\nno episode of {total} ran: nothing is scored")
    print(f"logs and report.json{' and eval.png' * bool(report.ran)} in {out}/")
    if report.stopped or (report.errors and not report.ran):
        return EXIT_USAGE
    return EXIT_OK if report.complete else EXIT_FINDINGS
