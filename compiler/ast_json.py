"""The AST as JSON-ready data: ``{"node": "Atom", ...fields, "span": {...}}`` for tools in other languages."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from .ast import Span


def to_data(node: Any) -> Any:
    """Plain dicts/lists/scalars for a node, recursively; spans as ``{file, line, column, end_line, end_column}``."""
    if isinstance(node, Span):
        return {"file": node.file, "line": node.line, "column": node.column,
                "end_line": node.end_line, "end_column": node.end_column}
    if is_dataclass(node):
        data: dict[str, Any] = {"node": type(node).__name__}
        for f in fields(node):
            data[f.name] = to_data(getattr(node, f.name))
        return data
    if isinstance(node, tuple):
        return [to_data(item) for item in node]
    return node
