"""Plain-text tables for summaries: the CLI, the drafting console and the benchmarks share one layout."""

from __future__ import annotations

from collections.abc import Sequence


def format_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """Columns padded to their widest cell, a dashed rule under the header, no trailing blanks."""
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = [header, ["-" * w for w in widths], *rows]
    return "\n".join("  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in lines)


def print_table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    print(format_table(header, rows))
