"""The canonical pretty-printer: the inverse of the parser, ``parse(print_pddl(x)) == x``.

Canonical means one layout for one meaning: lower-case names, sections in a fixed
order, typed lists grouped, one definition or fact per line, conjunctions that do not
fit on a line broken one conjunct per line.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import singledispatch

from . import ast


def ground_call(name: str, args: Iterable[str]) -> str:
    """``(name arg ...)``: a ground atom or action as PDDL writes it, in plans, diagnostics and counterexamples."""
    return "(" + " ".join((name, *args)) + ")"

WIDTH = 88
INDENT = "  "


def print_pddl(node: ast.Domain | ast.Problem | ast.Plan) -> str:
    """Canonical PDDL text for a domain, problem or plan (ends with a newline)."""
    if isinstance(node, ast.Domain):
        return _domain(node)
    if isinstance(node, ast.Problem):
        return _problem(node)
    if isinstance(node, ast.Plan):
        return _plan(node)
    raise TypeError(f"print_pddl takes a Domain, Problem or Plan, not {type(node).__name__}")


# --------------------------------------------------------------------------- pieces


def _type_spec(types: tuple[str, ...]) -> str:
    return types[0] if len(types) == 1 else f"(either {' '.join(types)})"


def typed_list(items: tuple[ast.TypedName, ...], prefix: str = "") -> str:
    """``a b - t c - u``: names grouped by type; untyped names (types ``()``) must come last."""
    out: list[str] = []
    for i, item in enumerate(items):
        out.append(prefix + item.name)
        following = items[i + 1].types if i + 1 < len(items) else None
        if item.types and item.types != following:
            out.append("- " + _type_spec(item.types))
    return " ".join(out)


def _term(term: ast.Term) -> str:
    return "?" + term.name if isinstance(term, ast.Variable) else term.name


def _number(value: int | float) -> str:
    return str(value) if isinstance(value, int) else repr(value)


def _call(name: str, args: tuple[ast.Term, ...]) -> str:
    return f"({name}{''.join(' ' + _term(a) for a in args)})"


@singledispatch
def expr(node: object) -> str:
    """One-line text of a formula, effect or numeric expression."""
    raise TypeError(f"cannot print {type(node).__name__}")


@expr.register
def _(node: ast.Atom) -> str:
    return _call(node.predicate, node.args)


@expr.register
def _(node: ast.Equals) -> str:
    return f"(= {_term(node.left)} {_term(node.right)})"


@expr.register
def _(node: ast.Not) -> str:
    return f"(not {expr(node.arg)})"


@expr.register(ast.And)
@expr.register(ast.AndEffect)
def _(node: ast.And | ast.AndEffect) -> str:
    return "(and" + "".join(" " + expr(p) for p in node.parts) + ")"


@expr.register
def _(node: ast.Or) -> str:
    return "(or" + "".join(" " + expr(p) for p in node.parts) + ")"


@expr.register
def _(node: ast.Imply) -> str:
    return f"(imply {expr(node.condition)} {expr(node.consequence)})"


@expr.register
def _(node: ast.Exists) -> str:
    return f"(exists ({typed_list(node.variables, '?')}) {expr(node.body)})"


@expr.register
def _(node: ast.Forall) -> str:
    return f"(forall ({typed_list(node.variables, '?')}) {expr(node.body)})"


@expr.register
def _(node: ast.ForallEffect) -> str:
    return f"(forall ({typed_list(node.variables, '?')}) {expr(node.effect)})"


@expr.register
def _(node: ast.When) -> str:
    return f"(when {expr(node.condition)} {expr(node.effect)})"


@expr.register
def _(node: ast.Increase) -> str:
    return f"(increase {expr(node.fluent)} {expr(node.amount)})"


@expr.register
def _(node: ast.Number) -> str:
    return _number(node.value)


@expr.register
def _(node: ast.FunctionTerm) -> str:
    return _call(node.name, node.args)


@expr.register
def _(node: ast.ArithmeticExpr) -> str:
    return f"({node.op}" + "".join(" " + expr(a) for a in node.args) + ")"


def _block(node: object, indent: str) -> str:
    """A formula or effect: on one line if it fits, else a conjunction one part per line."""
    text = expr(node)
    if len(indent) + len(text) <= WIDTH or not isinstance(node, (ast.And, ast.AndEffect)) or not node.parts:
        return text
    inner = indent + INDENT
    return "(and\n" + "\n".join(inner + _block(p, inner) for p in node.parts) + ")"


def _section(keyword: str, lines: list[str]) -> str:
    if not lines:
        return f"{INDENT}({keyword})"
    return f"{INDENT}({keyword}\n" + "\n".join(INDENT * 2 + line for line in lines) + ")"


def _typed_section(keyword: str, items: tuple[ast.TypedName, ...]) -> str:
    """One line per type group, so long object lists stay readable."""
    lines: list[str] = []
    start = 0
    for i, item in enumerate(items):
        if i + 1 == len(items) or items[i + 1].types != item.types:
            lines.append(typed_list(items[start:i + 1]))
            start = i + 1
    single = f"{INDENT}({keyword} {' '.join(lines)})"
    return single if len(single) <= WIDTH else _section(keyword, lines)


def _signature(name: str, parameters: tuple[ast.TypedName, ...]) -> str:
    params = typed_list(parameters, "?")
    return f"({name}{' ' + params if params else ''})"


# --------------------------------------------------------------------------- files


def _domain(d: ast.Domain) -> str:
    parts = [f"(define (domain {d.name})"]
    if d.requirements:
        parts.append(f"{INDENT}(:requirements {' '.join(d.requirements)})")
    if d.types:
        parts.append(_typed_section(":types", d.types))
    if d.constants:
        parts.append(_typed_section(":constants", d.constants))
    if d.predicates:
        parts.append(_section(":predicates", [_signature(p.name, p.parameters) for p in d.predicates]))
    if d.functions:
        parts.append(_section(":functions", [f"{_signature(f.name, f.parameters)} - {f.type}" for f in d.functions]))
    for axiom in d.derived:
        head = _signature(axiom.name, axiom.parameters)
        parts.append(f"{INDENT}(:derived {head}\n{INDENT * 2}{_block(axiom.body, INDENT * 2)})")
    for action in d.actions:
        parts.append(_action(action))
    return "\n".join(parts) + ")\n"


def _action(a: ast.ActionSchema) -> str:
    inner = INDENT * 2
    lines = [f"{INDENT}(:action {a.name}", f"{inner}:parameters ({typed_list(a.parameters, '?')})"]
    if a.precondition is not None:
        lines.append(f"{inner}:precondition {_block(a.precondition, inner)}")
    if a.effect is not None:
        lines.append(f"{inner}:effect {_block(a.effect, inner)}")
    return "\n".join(lines) + ")"


def _problem(p: ast.Problem) -> str:
    parts = [f"(define (problem {p.name})", f"{INDENT}(:domain {p.domain_name})"]
    if p.requirements:
        parts.append(f"{INDENT}(:requirements {' '.join(p.requirements)})")
    if p.objects:
        parts.append(_typed_section(":objects", p.objects))
    parts.append(_section(":init", [_init_item(item) for item in p.init]))
    if p.goal is not None:
        parts.append(f"{INDENT}(:goal {_block(p.goal, INDENT)})")
    if p.metric is not None:
        parts.append(f"{INDENT}(:metric {p.metric.direction} {expr(p.metric.expression)})")
    return "\n".join(parts) + ")\n"


def _init_item(item: ast.Atom | ast.FunctionValue) -> str:
    if isinstance(item, ast.FunctionValue):
        return f"(= {expr(item.function)} {expr(item.value)})"
    return expr(item)


def _plan(plan: ast.Plan) -> str:
    lines = [_call(step.action, tuple(ast.Constant(a) for a in step.args)) for step in plan.steps]
    if plan.cost is not None:
        lines.append(f"; cost = {_number(plan.cost)}")
    return "".join(line + "\n" for line in lines)
