"""Parse tree -> AST, run inline by the LALR parser (no intermediate tree is built).

Lark calls one method per grammar rule with the rule's children; the named ``LP``/``RP``
tokens are kept so that every node gets an exact span. Constructs the grammar accepts
only in order to refuse them become diagnostics here, at their location, so that a user
reads "durative actions are not supported" rather than a generic syntax error.
"""

from __future__ import annotations

from typing import Any

from lark import Token, Transformer

from . import ast
from .ast import Span
from .diagnostics import Diagnostic, Fix, Severity, TextEdit

SUPPORTED_REQUIREMENTS = frozenset({
    ":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
    ":existential-preconditions", ":universal-preconditions", ":quantified-preconditions",
    ":conditional-effects", ":adl", ":derived-predicates", ":action-costs",
})
UNSUPPORTED_REQUIREMENTS = frozenset({
    ":durative-actions", ":duration-inequalities", ":continuous-effects", ":numeric-fluents",
    ":fluents", ":object-fluents", ":timed-initial-literals", ":preferences", ":constraints",
    ":time", ":processes", ":events",
})

DOMAIN_SECTIONS = frozenset({"requirements", "types", "constants", "predicates", "functions", "action", "derived"})
PROBLEM_SECTIONS = frozenset({"requirements", "problem_domain", "objects", "init", "goal", "metric"})
LIST_SECTIONS = frozenset({"requirements", "types", "constants", "predicates", "functions", "objects", "init"})


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)


class Section(tuple):
    """``(kind, value, span)`` produced by a section rule and assembled by ``pddl_file``."""

    __slots__ = ()


class AstBuilder(Transformer):
    """Builds AST nodes; ``begin`` must be called before each parse (one builder per thread)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.file: str | None = None
        self.diagnostics: list[Diagnostic] = []
        self.numerals: dict[str, list[Span]] = {}

    def begin(self, file: str | None) -> None:
        self.file = file
        self.diagnostics = []
        self.numerals = {}

    def _numeral(self, tok: Token) -> None:
        """Remember a numeral used as a name (`(problem 6)`, object `1`) for one warning per numeral."""
        self.numerals.setdefault(tok.value, []).append(self._tok_span(tok))

    def _numeral_warnings(self) -> None:
        for value, spans in self.numerals.items():
            new = "n" + value.replace("-", "_").replace(".", "_")
            self.diagnostics.append(Diagnostic(
                "W614", Severity.WARNING, f"`{value}` is a number used as a name", spans[0],
                f"Fast Downward reads it, but PDDL names start with a letter and other tools reject it; "
                f"rename it `{new}`", (f"used {len(spans)} time{'s' * (len(spans) != 1)} in this file",),
                Fix(f"rename `{value}` to `{new}`", tuple(TextEdit(span, new) for span in spans))))

    # ------------------------------------------------------------------ helpers
    def _span(self, first: Token, last: Token) -> Span:
        return Span(self.file, first.line, first.column, last.end_line, last.end_column)

    def _tok_span(self, tok: Token) -> Span:
        return Span(self.file, tok.line, tok.column, tok.end_line, tok.end_column)

    def _error(self, code: str, message: str, span: Span | None, hint: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(code, Severity.ERROR, message, span, hint))

    def _unsupported(self, what: str, span: Span | None, hint: str | None = None) -> None:
        self._error("E402", f"unsupported construct: {what}", span, hint)

    def _term(self, tok: Token) -> ast.Term:
        span = Span(self.file, tok.line, tok.column, tok.end_line, tok.end_column)
        if tok.type == "NUMBER":
            self._numeral(tok)
        if tok.type == "VARIABLE":
            return ast.Variable(tok.value[1:].lower(), span=span)
        return ast.Constant(tok.value.lower(), span=span)

    def _typed(self, items: list[Any], is_variable: bool) -> tuple[ast.TypedName, ...]:
        """Group a flat ``a b - t c`` list into typed names; untyped names get ``types=()``."""
        out: list[ast.TypedName] = []
        pending: list[Token] = []
        file = self.file
        for item in items:
            if isinstance(item, Token):
                if item.type == "NUMBER":
                    self._numeral(item)
                pending.append(item)
                continue
            types, marker_span = item
            if not pending:
                self._error("E110", "type marker `-` without names before it", marker_span,
                            "write `name1 name2 - type`")
                continue
            for tok in pending:
                name = tok.value[1:] if is_variable else tok.value
                out.append(ast.TypedName(name.lower(), types,
                                         span=Span(file, tok.line, tok.column, tok.end_line, tok.end_column),
                                         type_span=marker_span))
            pending = []
        for tok in pending:
            name = tok.value[1:] if is_variable else tok.value
            out.append(ast.TypedName(name.lower(), (),
                                     span=Span(file, tok.line, tok.column, tok.end_line, tok.end_column)))
        return tuple(out)

    # ------------------------------------------------------------------ lists
    def _append(self, c: list) -> list:
        """Callback of every left-recursive list rule ``items: items item |``."""
        if c:
            items = c[0]
            items.append(c[1])
            return items
        return []

    sections = signatures = function_items = action_parts = init_items = names = variables = _append
    gds = effects = plan_steps = _append

    # ------------------------------------------------------------------ typed lists
    def type_marker(self, c: list) -> tuple[tuple[str, ...], Span]:
        hyphen, spec = c
        if isinstance(spec, Token):
            return (spec.value.lower(),), self._span(hyphen, spec)
        names, rp = spec
        return names, self._span(hyphen, rp)

    def either_type(self, c: list) -> tuple[tuple[str, ...], Token]:
        names = tuple(t.value.lower() for t in c[1:-1])
        if not names:
            self._error("E110", "`(either)` names no type", self._span(c[0], c[-1]))
        return names, c[-1]

    def typed_names(self, c: list) -> tuple[ast.TypedName, ...]:
        return self._typed(c[0], is_variable=False)

    def typed_vars(self, c: list) -> tuple[ast.TypedName, ...]:
        return self._typed(c[0], is_variable=True)

    def signature(self, c: list) -> ast.Predicate:
        lp, name, params, rp = c
        return ast.Predicate(name.value.lower(), params, span=self._span(lp, rp))

    # ------------------------------------------------------------------ formulas
    def _words(self, tok: Token) -> tuple[str, tuple[ast.Term, ...]]:
        """Split an ATOM token ``(name arg ...)`` into its name and spanned terms."""
        value, file = tok.value, self.file
        words = value[1:-1].split()
        head = words[0].lower()
        if len(words) == 1:
            return head, ()
        args: list[ast.Term] = []
        multiline = "\n" in value
        start = value.index(words[0]) + len(words[0])
        line, column = tok.line, tok.column
        for word in words[1:]:
            start = value.index(word, start)
            if multiline:
                line = tok.line + value.count("\n", 0, start)
                newline = value.rfind("\n", 0, start)
                column = (tok.column + start) if newline < 0 else start - newline
            else:
                column = tok.column + start
            span = Span(file, line, column, line, column + len(word))
            if word[0] == "?":
                args.append(ast.Variable(word[1:].lower(), span=span))
            else:
                args.append(ast.Constant(word.lower(), span=span))
            start += len(word)
        return head, tuple(args)

    def atom(self, c: list) -> ast.Atom:
        if len(c) == 1:
            tok = c[0]
            name, args = self._words(tok)
            return ast.Atom(name, args, span=Span(self.file, tok.line, tok.column, tok.end_line, tok.end_column))
        first, last = c[0], c[-1]
        return ast.Atom(c[1].value.lower(), tuple(self._term(t) for t in c[2:-1]),
                        span=Span(self.file, first.line, first.column, last.end_line, last.end_column))

    def empty_gd(self, c: list) -> ast.And:
        return ast.And((), span=self._span(c[0], c[-1]))

    def and_gd(self, c: list) -> ast.And:
        return ast.And(tuple(c[1]), span=self._span(c[0], c[-1]))

    def or_gd(self, c: list) -> ast.Or:
        return ast.Or(tuple(c[1]), span=self._span(c[0], c[-1]))

    def not_gd(self, c: list) -> ast.Not:
        return ast.Not(c[1], span=self._span(c[0], c[-1]))

    def imply_gd(self, c: list) -> ast.Imply:
        return ast.Imply(c[1], c[2], span=self._span(c[0], c[-1]))

    def exists_gd(self, c: list) -> ast.Exists:
        return ast.Exists(c[2], c[4], span=self._span(c[0], c[-1]))

    def forall_gd(self, c: list) -> ast.Forall:
        return ast.Forall(c[2], c[4], span=self._span(c[0], c[-1]))

    def equality(self, c: list) -> ast.Equals | ast.And:
        lp, left, right, rp = c
        span = self._span(lp, rp)
        if isinstance(left, Token) and isinstance(right, Token) and left.type != "NUMBER" != right.type:
            return ast.Equals(self._term(left), self._term(right), span=span)
        self._unsupported("numeric comparison `(= ...)` of functions (numeric fluents)", span,
                          "only :action-costs numerics are supported; compare objects, not numbers")
        return ast.And((), span=span)

    def comparison(self, c: list) -> ast.And:
        span = self._span(c[0], c[-1])
        self._unsupported(f"numeric comparison `({c[1].value} ...)` (numeric fluents)", span)
        return ast.And((), span=span)

    def comparator(self, c: list) -> Token:
        return c[0]

    def arith_op(self, c: list) -> Token:
        return c[0]

    def preference(self, c: list) -> ast.And:
        span = self._span(c[0], c[-1])
        self._unsupported("preferences (`preference`)", span, "state the goal as a hard goal")
        return ast.And((), span=span)

    # ------------------------------------------------------------------ effects
    def empty_effect(self, c: list) -> ast.AndEffect:
        return ast.AndEffect((), span=self._span(c[0], c[-1]))

    def and_effect(self, c: list) -> ast.AndEffect:
        return ast.AndEffect(tuple(c[1]), span=self._span(c[0], c[-1]))

    def not_effect(self, c: list) -> ast.Not:
        return ast.Not(c[1], span=self._span(c[0], c[-1]))

    def forall_effect(self, c: list) -> ast.ForallEffect:
        return ast.ForallEffect(c[2], c[4], span=self._span(c[0], c[-1]))

    def when_effect(self, c: list) -> ast.When:
        return ast.When(c[1], c[2], span=self._span(c[0], c[-1]))

    def numeric_op(self, c: list) -> Token:
        return c[0]

    def numeric_effect(self, c: list) -> ast.Increase | ast.AndEffect:
        lp, op, fluent, amount, rp = c
        span = self._span(lp, rp)
        opname = op.value.lower()
        if opname != "increase" or fluent.name != "total-cost":
            self._unsupported(f"numeric effect `({opname} ({fluent.name}) ...)` (numeric fluents)", span,
                              "only `(increase (total-cost) ...)` is supported (:action-costs)")
            return ast.AndEffect((), span=span)
        if isinstance(amount, Token):
            amount = ast.Number(_number(amount.value), span=self._tok_span(amount))
        return ast.Increase(fluent, amount, span=span)

    # ------------------------------------------------------------------ numeric expressions
    def function_term(self, c: list) -> ast.FunctionTerm:
        if len(c) == 1:
            tok = c[0]
            name, args = self._words(tok)
            return ast.FunctionTerm(name, args, span=self._tok_span(tok))
        return ast.FunctionTerm(c[1].value.lower(), tuple(self._term(t) for t in c[2:-1]),
                                span=self._span(c[0], c[-1]))

    def arithmetic(self, c: list) -> ast.ArithmeticExpr:
        args = tuple(ast.Number(_number(a.value), span=self._tok_span(a)) if isinstance(a, Token) else a
                     for a in c[2:-1])
        return ast.ArithmeticExpr(c[1].value, args, span=self._span(c[0], c[-1]))

    # ------------------------------------------------------------------ sections
    def requirements(self, c: list) -> Section:
        reqs = []
        for tok in c[1:-1]:
            req = tok.value.lower()
            if req in UNSUPPORTED_REQUIREMENTS:
                self._error("E401", f"unsupported requirement `{req}`", self._tok_span(tok),
                            "agentgen-sym plans with classical PDDL (STRIPS, ADL, derived predicates, action costs)")
            elif req not in SUPPORTED_REQUIREMENTS:
                from .suggest import closest

                guess = closest(req, SUPPORTED_REQUIREMENTS | UNSUPPORTED_REQUIREMENTS)
                self._error("E403", f"unknown requirement `{req}`", self._tok_span(tok),
                            f"did you mean `{guess}`?" if guess else None)
            reqs.append(req)
        return Section(("requirements", tuple(reqs), self._span(c[0], c[-1])))

    def types(self, c: list) -> Section:
        return Section(("types", c[1], self._span(c[0], c[-1])))

    def constants(self, c: list) -> Section:
        return Section(("constants", c[1], self._span(c[0], c[-1])))

    def objects(self, c: list) -> Section:
        return Section(("objects", c[1], self._span(c[0], c[-1])))

    def predicates(self, c: list) -> Section:
        return Section(("predicates", tuple(c[1]), self._span(c[0], c[-1])))

    def functions(self, c: list) -> Section:
        decls: list[ast.FunctionDecl] = []
        pending: list[ast.Predicate] = []
        for item in c[1]:
            if isinstance(item, ast.Predicate):
                pending.append(item)
                continue
            (type_name, *rest), span = item
            if not pending:
                self._error("E110", "function type `- ...` without a function before it", span)
            decls.extend(ast.FunctionDecl(p.name, p.parameters, type_name, span=p.span) for p in pending)
            pending = []
        decls.extend(ast.FunctionDecl(p.name, p.parameters, span=p.span) for p in pending)
        for decl in decls:
            if decl.type != "number":
                self._unsupported(f"function `{decl.name}` of type `{decl.type}` (object fluents)", decl.span)
        return Section(("functions", tuple(decls), self._span(c[0], c[-1])))

    def parameters(self, c: list) -> tuple[str, Any, Span]:
        return ("parameters", c[1], self._span(c[0], c[2]))

    def precondition(self, c: list) -> tuple[str, Any, Span | None]:
        return ("precondition", c[0], getattr(c[0], "span", None))

    def effect_part(self, c: list) -> tuple[str, Any, Span | None]:
        return ("effect", c[0], getattr(c[0], "span", None))

    def action(self, c: list) -> Section:
        lp, name, parts, rp = c
        span = self._span(lp, rp)
        found: dict[str, Any] = {}
        for kind, value, part_span in parts:
            if kind in found:
                self._error("E112", f"`:{kind}` given twice in action `{name.value}`", part_span,
                            "merge them into one")
            found[kind] = value
        schema = ast.ActionSchema(name.value.lower(), found.get("parameters", ()), found.get("precondition"),
                                  found.get("effect"), span=span)
        return Section(("action", schema, span))

    def derived(self, c: list) -> Section:
        lp, head, body, rp = c
        span = self._span(lp, rp)
        return Section(("derived", ast.DerivedPredicate(head.name, head.parameters, body, span=span), span))

    def problem_domain(self, c: list) -> Section:
        return Section(("problem_domain", (c[1].value.lower(), self._span(c[1], c[1])), self._span(c[0], c[-1])))

    def init_not(self, c: list) -> ast.Not:
        span = self._span(c[0], c[-1])
        self._unsupported("negative initial fact `(not ...)`", span,
                          "the initial state is closed-world: leave false facts out")
        return ast.Not(c[1], span=span)

    def init_value(self, c: list) -> ast.FunctionValue:
        lp, function, number, rp = c
        return ast.FunctionValue(function, ast.Number(_number(number.value), span=self._tok_span(number)),
                                 span=self._span(lp, rp))

    def timed_literal(self, c: list) -> ast.Not:
        span = self._span(c[0], c[-1])
        if c[1].value.lower() == "at":
            self._unsupported("timed initial literal `(at N ...)`", span)
        else:
            self._error("E101", f"unexpected number in initial fact `({c[1].value} {c[2].value} ...`",
                        self._tok_span(c[2]), "object names must start with a letter")
        return ast.Not(c[3], span=span)

    def init(self, c: list) -> Section:
        return Section(("init", tuple(c[1]), self._span(c[0], c[-1])))

    def goal(self, c: list) -> Section:
        return Section(("goal", c[1], self._span(c[0], c[-1])))

    def metric(self, c: list) -> Section:
        lp, direction, expr, rp = c
        span = self._span(lp, rp)
        dirname = direction.value.lower()
        if dirname not in ("minimize", "maximize"):
            self._error("E101", f"metric direction must be `minimize` or `maximize`, not `{direction.value}`",
                        self._tok_span(direction))
        if isinstance(expr, Token):
            expr = ast.Number(_number(expr.value), span=self._tok_span(expr))
        return Section(("metric", ast.Metric(dirname, expr, span=span), span))

    def unsupported_keyword(self, c: list) -> Token:
        return c[0]

    def sexpr_list(self, c: list) -> None:
        return None

    def unsupported_section(self, c: list) -> Section:
        span = self._span(c[0], c[-1])
        keyword = c[1].value.lower()
        what = {":durative-action": "durative actions (`:durative-action`)",
                ":constraints": "state-trajectory constraints (`:constraints`)"}.get(keyword, f"`{keyword}`")
        self._unsupported(what, span, "agentgen-sym plans with classical (non-temporal) PDDL")
        return Section(("unsupported", None, span))

    # ------------------------------------------------------------------ files
    def domain_header(self, c: list) -> tuple[str, str, Span]:
        return ("domain", c[1].value.lower(), self._span(c[0], c[-1]))

    def problem_header(self, c: list) -> tuple[str, str, Span]:
        if c[1].type == "NUMBER":
            self._numeral(c[1])
        return ("problem", c[1].value.lower(), self._span(c[0], c[-1]))

    def pddl_file(self, c: list) -> ast.Domain | ast.Problem:
        lp, (kind, name, header_span), sections, rp = c
        self._numeral_warnings()
        span = self._span(lp, rp)
        allowed = DOMAIN_SECTIONS if kind == "domain" else PROBLEM_SECTIONS
        merged: dict[str, list] = {}
        seen: dict[str, Span] = {}
        for section_kind, value, section_span in sections:
            if section_kind == "unsupported":
                continue
            if section_kind not in allowed:
                keyword = ":domain" if section_kind == "problem_domain" else f":{section_kind}"
                self._error("E113", f"section `{keyword}` does not belong in a {kind}", section_span,
                            "domains declare types, predicates and actions; problems declare objects, init and goal")
                continue
            if section_kind in LIST_SECTIONS:
                merged.setdefault(section_kind, []).extend(value)
            elif section_kind == "action" or section_kind == "derived":
                merged.setdefault(section_kind, []).append(value)
            elif section_kind in seen:
                self._error("E112", f"section `:{section_kind}` given twice", section_span,
                            f"first given at {seen[section_kind]}")
            else:
                merged[section_kind] = value
            seen.setdefault(section_kind, section_span)
        if kind == "domain":
            return ast.Domain(
                name, tuple(merged.get("requirements", ())), tuple(merged.get("types", ())),
                tuple(merged.get("constants", ())), tuple(merged.get("predicates", ())),
                tuple(merged.get("functions", ())), tuple(merged.get("action", ())),
                tuple(merged.get("derived", ())), span=span, requirements_span=seen.get("requirements"))
        if "problem_domain" not in merged:
            self._error("E114", f"problem `{name}` does not name its domain", header_span,
                        "add `(:domain NAME)` after the problem name")
        if "goal" not in merged:
            self._error("E115", f"problem `{name}` has no `(:goal ...)`", span)
        domain_name, domain_span = merged.get("problem_domain", ("", None))
        return ast.Problem(
            name, domain_name, tuple(merged.get("requirements", ())),
            tuple(merged.get("objects", ())), tuple(merged.get("init", ())), merged.get("goal"),
            merged.get("metric"), span=span, domain_span=domain_span)

    # ------------------------------------------------------------------ plans
    def plan_step(self, c: list) -> ast.PlanStep:
        first = next(i for i, t in enumerate(c) if t.type == "LP")  # after an optional `t:`
        last = max(i for i, t in enumerate(c) if t.type == "RP")  # before an optional `[d]`
        lp, name, *args, rp = c[first:last + 1]
        return ast.PlanStep(name.value.lower(), tuple(a.value.lower() for a in args), span=self._span(lp, rp))

    def plan_file(self, c: list) -> ast.Plan:
        c = c[0]
        if not c:
            return ast.Plan(())
        first, last = c[0].span, c[-1].span
        return ast.Plan(tuple(c), span=Span(self.file, first.line, first.column, last.end_line, last.end_column))
