"""Progress of long jobs, one implementation for every command.

On a terminal it is a tqdm bar on stderr; when stderr is piped (CI logs, `nohup`), a bar's carriage
returns make unreadable logs, so it prints a plain line with the same counts and ETA every
`interval_s` seconds instead, and nothing at all for jobs shorter than that. Set
`AGENTGEN_SYM_PROGRESS=0` to silence it, `=1` to force plain lines even for short jobs.
"""

from __future__ import annotations

import os
import sys
import time
from types import TracebackType
from typing import IO

from tqdm import tqdm

ENV_SWITCH = "AGENTGEN_SYM_PROGRESS"
PLAIN_INTERVAL_S = 10.0


class Progress:
    """Counts units of work done out of `total` (None when unknown) and shows it on stderr."""

    def __init__(self, total: int | None, desc: str, unit: str = "task", *,
                 stream: IO[str] | None = None, interval_s: float = PLAIN_INTERVAL_S) -> None:
        self.total, self.desc, self.unit = total, desc, unit
        self.stream = stream if stream is not None else sys.stderr
        self.done = 0
        self.shown = -1  # the count the last plain line printed
        self.postfix = ""
        switch = os.environ.get(ENV_SWITCH, "")
        self.enabled = switch != "0"
        self.interval_s = 0.0 if switch == "1" else interval_s
        self.started = self.last_line = time.monotonic()
        self.bar: tqdm | None = None
        if self.enabled and switch != "1" and _is_terminal(self.stream):
            self.bar = tqdm(total=total, desc=desc, unit=unit, file=self.stream, leave=False, dynamic_ncols=True)

    def update(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        else:
            self._plain_line(final=False)

    def note(self, text: str) -> None:
        """A short status beside the count (the domain or task being worked on)."""
        self.postfix = text
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        else:
            self._plain_line(final=True)
        self.enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _plain_line(self, final: bool) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if final and (now - self.started < self.interval_s or self.shown == self.done):
            return
        if not final and now - self.last_line < self.interval_s:
            return
        self.last_line, self.shown = now, self.done
        meter = tqdm.format_meter(self.done, self.total, now - self.started, prefix=self.desc, unit=self.unit,
                                  postfix=self.postfix or None, ncols=0)
        try:
            print(meter, file=self.stream, flush=True)
        except (OSError, ValueError):  # a closed or full stderr must not end the job
            self.enabled = False


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
