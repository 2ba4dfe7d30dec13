"""The checker: names, arity, typing, requirements and static analysis of a domain and its problems.

``check(domain, problem)`` is a pure pass over the AST that returns every diagnostic it
finds (it collects, it does not stop). Diagnostics whose repair is certain carry a
machine-applicable fix (text edits on the source spans), which ``repair`` applies.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import product
from math import prod
from typing import Iterable, Iterator

from . import ast
from .analysis import axiom_levels, conjuncts, static_predicates, stratified
from .ast import Span
from .costs import (MAX_COST, TOTAL_COST, UndefinedValue, action_cost, cost_effects, function_values, takes,
                    unpriceable_message)
from .diagnostics import Diagnostic, Fix, Severity, TextEdit
from .limits import Budget
from .printer import expr
from .suggest import closest
from .types import ROOT, TypeHierarchy

Scope = dict[str, tuple[str, ...]]
STAGE = "checking the task"

REQUIREMENT_IMPLIES = {
    ":adl": {":strips", ":typing", ":negative-preconditions", ":disjunctive-preconditions", ":equality",
             ":quantified-preconditions", ":existential-preconditions", ":universal-preconditions",
             ":conditional-effects"},
    ":quantified-preconditions": {":existential-preconditions", ":universal-preconditions"},
}


def effective_requirements(declared: Iterable[str]) -> set[str]:
    out = set(declared) | {":strips"}
    for req in list(out):
        out |= REQUIREMENT_IMPLIES.get(req, set())
    return out


def _insert_before_end(node: ast.Domain | ast.Problem, text: str) -> TextEdit | None:
    """An edit inserting ``text`` just before the closing parenthesis of ``(define ...)``."""
    span = node.span
    if span is None:
        return None
    at = Span(span.file, span.end_line, span.end_column - 1, span.end_line, span.end_column - 1)
    return TextEdit(at, text)


def _rename_fix(description: str, span: Span | None, replacement: str) -> Fix | None:
    return None if span is None else Fix(description, (TextEdit(span, replacement),))


@dataclass
class _Checker:
    domain: ast.Domain
    budget: Budget = field(default_factory=Budget)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        d = self.domain
        self.hierarchy = TypeHierarchy.of(d)
        self.predicates: dict[str, ast.Predicate] = {}
        self.functions: dict[str, ast.FunctionDecl] = {}
        self.constants: dict[str, tuple[str, ...]] = {}
        self.derived = {axiom.name for axiom in d.derived}
        self.requirements = effective_requirements(d.requirements)
        self.typed = bool(d.types) or ":typing" in self.requirements
        self.missing_requirements: dict[str, tuple[Span | None, str]] = {}
        self.reported_requirements: set[str] = set()
        self.roots: dict[tuple[str, str, str | None], int] = {}  # (code, name, file) -> index of its diagnostic
        self.used_predicates: set[str] = set()
        self.used_types: set[str] = set()
        self.breadcrumb = ""

    # ------------------------------------------------------------------ reporting
    def closest(self, name: str, candidates: Iterable[str]) -> str | None:
        """``suggest.closest`` after a budget check: one call reads every candidate, and a file may misspell
        as many names as it declares."""
        self.budget.check(STAGE)
        return closest(name, candidates)

    def report(self, code: str, message: str, span: Span | None, hint: str | None = None, fix: Fix | None = None,
               severity: Severity = Severity.ERROR) -> None:
        notes = (f"in {self.breadcrumb}",) if self.breadcrumb else ()
        self.diagnostics.append(Diagnostic(code, severity, message, span, hint, notes, fix))

    def report_root(self, code: str, name: str, message: str, span: Span | None, hint: str | None,
                    fix: Fix | None) -> None:
        """Report an undeclared name once per file, where it is first used; later uses add their edits
        to the same fix and a note, as one root cause deserves one diagnostic. (Per file, so that the
        domain's diagnostic is the same whichever problem it is checked with.)"""
        key = (code, name, span.file if span is not None else None)
        index = self.roots.get(key)
        if index is None:
            self.roots[key] = len(self.diagnostics)
            self.report(code, message, span, hint, fix)
            return
        first = self.diagnostics[index]
        if fix is not None and first.fix is not None:
            edits = first.fix.edits + tuple(e for e in fix.edits if e not in first.fix.edits)
            first = replace(first, fix=Fix(first.fix.description, edits))
        uses = [n for n in first.notes if n.startswith("also used at")]
        others = [n for n in first.notes if not n.startswith("also used at")]
        shown = (uses[0].removeprefix("also used at ").split(", ") if uses else [])
        if len(shown) < 5:
            shown.append(str(span) if span is not None else "?")
        elif shown[-1] != "...":
            shown.append("...")
        self.diagnostics[index] = replace(first, notes=(*others, "also used at " + ", ".join(shown)))

    def need(self, requirement: str, span: Span | None, what: str) -> None:
        """Record the first use of a construct whose requirement is not declared (reported once per file
        pair, even when both the domain and the problem use it)."""
        if (requirement not in self.requirements and requirement not in self.missing_requirements
                and requirement not in self.reported_requirements):
            self.missing_requirements[requirement] = (span, what)

    # ------------------------------------------------------------------ declarations
    def declarations(self) -> None:
        d = self.domain
        self.breadcrumb = ":types"
        seen: dict[str, ast.TypedName] = {}
        for decl in d.types:
            if decl.name in seen and seen[decl.name].types == decl.types:
                self.report("E205", f"type `{decl.name}` declared twice", decl.span,
                            f"first declared at {seen[decl.name].span}")
            seen[decl.name] = decl
            self.type_ref(decl.types, decl.type_span)
        for cycle in self.hierarchy.cycles():
            span = next((t.span for t in d.types if t.name == cycle[0]), d.span)
            self.report("E304", "type cycle: " + " -> ".join(cycle), span, "a type cannot be its own ancestor")
        first_typed = next((p for p in self._all_parameters() if p.types), None)
        if d.types or first_typed:
            self.need(":typing", d.types[0].span if d.types else first_typed.type_span, "typed declarations")

        self.breadcrumb = ":constants"
        for const in d.constants:
            if const.name in self.constants:
                self.report("E208", f"constant `{const.name}` declared twice", const.span)
            self.constants[const.name] = const.types
            self.type_ref(const.types, const.type_span)

        self.breadcrumb = ":predicates"
        for pred in d.predicates:
            if pred.name in self.predicates:
                self.report("E206", f"predicate `{pred.name}` declared twice", pred.span,
                            f"first declared at {self.predicates[pred.name].span}")
            self.predicates[pred.name] = pred
            self.parameters(pred.parameters, f"predicate `{pred.name}`", binding=False)
        for axiom in d.derived:
            if axiom.name not in self.predicates:
                self.predicates[axiom.name] = ast.Predicate(axiom.name, axiom.parameters, span=axiom.span)

        self.breadcrumb = ":functions"
        for func in d.functions:
            if func.name in self.functions:
                self.report("E206", f"function `{func.name}` declared twice", func.span)
            self.functions[func.name] = func
            self.parameters(func.parameters, f"function `{func.name}`", binding=False)
        if d.functions:
            self.need(":action-costs", d.functions[0].span, "`:functions`")

        names: dict[str, ast.ActionSchema] = {}
        for action in d.actions:
            if action.name in names:
                self.report("E207", f"action `{action.name}` declared twice", action.span,
                            f"first declared at {names[action.name].span}")
            names[action.name] = action
        self.breadcrumb = ""

    def _all_parameters(self) -> Iterator[ast.TypedName]:
        d = self.domain
        yield from d.constants
        for item in (*d.predicates, *d.functions, *d.actions, *d.derived):
            yield from item.parameters

    def type_ref(self, types: tuple[str, ...], span: Span | None) -> None:
        """Report each undeclared type of a ``- type`` marker, with a fix when one name is closest."""
        for name in types:
            self.used_types.add(name)
            if name in self.hierarchy:
                continue
            guess = self.closest(name, self.hierarchy.parents)
            fix = None
            if guess and span is not None:
                fixed = tuple(guess if t == name else t for t in types)
                marker = "- " + (fixed[0] if len(fixed) == 1 else f"(either {' '.join(fixed)})")
                fix = _rename_fix(f"replace type `{name}` with `{guess}`", span, marker)
            elif not self.domain.types:  # an untyped domain: declaring what the objects use changes no meaning
                edit = _insert_before_end(self.domain, f"(:types {name})")
                fix = Fix(f"declare type `{name}` in the domain", (edit,)) if edit else None
            self.report_root("E202", name, f"undeclared type `{name}`", span,
                             f"did you mean `{guess}`?" if guess else "declare it in `(:types ...)`", fix)

    def declared(self, types: tuple[str, ...]) -> bool:
        return all(t in self.hierarchy for t in types)

    def parameters(self, params: tuple[ast.TypedName, ...], owner: str, binding: bool = True) -> Scope:
        """Check a parameter list; a repeated name is an error where the names bind variables
        (actions, quantifiers) and only a warning in a declaration, where arity is all that counts."""
        scope: Scope = {}
        for p in params:
            if p.name in scope:
                self.report("E209" if binding else "W609", f"parameter `?{p.name}` of {owner} declared twice",
                            p.span, None if binding else "rename one: only the number of parameters matters here",
                            severity=Severity.ERROR if binding else Severity.WARNING)
            scope[p.name] = p.types
            self.type_ref(p.types, p.type_span)
        return scope

    # ------------------------------------------------------------------ terms and atoms
    def term_types(self, term: ast.Term, scope: Scope, objects: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
        """The declared types of a term, or None after reporting it unbound or undeclared."""
        if isinstance(term, ast.Variable):
            if term.name not in scope:
                self.report("E303", f"variable `?{term.name}` is not bound by the parameters or a quantifier",
                            term.span, "add it to `:parameters`, or bind it with `forall`/`exists`")
                return None
            return scope[term.name]
        if term.name in objects:
            return objects[term.name]
        guess = self.closest(term.name, objects)
        self.report_root("E203", term.name,
                         f"undeclared {'object or constant' if objects is not self.constants else 'constant'} "
                         f"`{term.name}`", term.span,
                         f"did you mean `{guess}`?" if guess else "declare it in `(:constants ...)` or `(:objects ...)`",
                         _rename_fix(f"replace `{term.name}` with `{guess}`", term.span, guess) if guess else None)
        return None

    def arguments(self, kind: str, name: str, args: tuple[ast.Term, ...], params: tuple[ast.TypedName, ...],
                  span: Span | None, scope: Scope, objects: dict[str, tuple[str, ...]]) -> None:
        if len(args) != len(params):
            self.report("E301", f"{kind} `{name}` takes {len(params)} argument{'s' * (len(params) != 1)}, "
                                f"given {len(args)}", span,
                        "declared as " + expr(ast.Atom(name, tuple(ast.Variable(p.name) for p in params))))
        for position, (arg, param) in enumerate(zip(args, params), 1):
            arg_types = self.term_types(arg, scope, objects)
            if arg_types is None or not self.typed or not self.declared(arg_types + param.types):
                continue  # an undeclared type was reported at its root; a mismatch would only echo it
            if not self.hierarchy.compatible(arg_types, param.types):
                shown = arg_types[0] if len(arg_types) == 1 else f"(either {' '.join(arg_types)})"
                wanted = param.types[0] if len(param.types) == 1 else f"(either {' '.join(param.types)})"
                self.report("E302", f"argument {position} of `{name}` is `{_show(arg)}` of type `{shown}`, "
                                    f"but `{name}` expects `{wanted}`", arg.span)

    def atom(self, atom: ast.Atom, scope: Scope, objects: dict[str, tuple[str, ...]]) -> None:
        pred = self.predicates.get(atom.predicate)
        self.used_predicates.add(atom.predicate)
        if pred is None:
            guess = self.closest(atom.predicate, self.predicates)
            fix = None
            if guess:
                fix = _rename_fix(f"replace `{atom.predicate}` with `{guess}`", atom.span,
                                  expr(ast.Atom(guess, atom.args)))
            self.report_root("E201", atom.predicate, f"undeclared predicate `{atom.predicate}`", atom.span,
                             f"did you mean `{guess}`? (declared at {self.predicates[guess].span})" if guess else
                             "declare it in `(:predicates ...)`", fix)
            for arg in atom.args:
                self.term_types(arg, scope, objects)
            return
        self.arguments("predicate", atom.predicate, atom.args, pred.parameters, atom.span, scope, objects)

    def function_term(self, term: ast.FunctionTerm, scope: Scope, objects: dict[str, tuple[str, ...]]) -> None:
        func = self.functions.get(term.name)
        self.need(":action-costs", term.span, "numeric functions")
        if func is None:
            if term.name == TOTAL_COST:
                edit = _insert_before_end(self.domain, "(:functions (total-cost) - number)")
                self.report("E204", "undeclared function `total-cost`", term.span,
                            "declare `(:functions (total-cost) - number)`",
                            Fix("declare (total-cost)", (edit,)) if edit else None)
                return
            guess = self.closest(term.name, self.functions)
            self.report("E204", f"undeclared function `{term.name}`", term.span,
                        f"did you mean `{guess}`?" if guess else "declare it in `(:functions ...)`",
                        _rename_fix(f"replace `{term.name}` with `{guess}`", term.span,
                                    expr(ast.FunctionTerm(guess, term.args))) if guess else None)
            return
        self.arguments("function", term.name, term.args, func.parameters, term.span, scope, objects)

    def numeric(self, node: ast.NumericExpr, scope: Scope, objects: dict[str, tuple[str, ...]]) -> None:
        if isinstance(node, ast.FunctionTerm):
            self.function_term(node, scope, objects)
        elif isinstance(node, ast.ArithmeticExpr):
            for arg in node.args:
                self.numeric(arg, scope, objects)
            divisor = node.args[1] if node.op == "/" and len(node.args) > 1 else None
            if isinstance(divisor, ast.Number) and divisor.value == 0:
                self.report("E306", "division by zero", divisor.span, "a cost must be a number: divide by a "
                                                                      "non-zero value")

    # ------------------------------------------------------------------ formulas and effects
    def formula(self, f: ast.Formula, scope: Scope, objects: dict[str, tuple[str, ...]]) -> None:
        if isinstance(f, ast.Atom):
            self.atom(f, scope, objects)
        elif isinstance(f, ast.Equals):
            self.need(":equality", f.span, "`=`")
            self.term_types(f.left, scope, objects)
            self.term_types(f.right, scope, objects)
        elif isinstance(f, ast.Not):
            if not isinstance(f.arg, ast.Equals):
                self.need(":negative-preconditions", f.span, "`not` in a condition")
            self.formula(f.arg, scope, objects)
        elif isinstance(f, ast.And):
            for part in f.parts:
                self.formula(part, scope, objects)
        elif isinstance(f, ast.Or):
            self.need(":disjunctive-preconditions", f.span, "`or`")
            for part in f.parts:
                self.formula(part, scope, objects)
        elif isinstance(f, ast.Imply):
            self.need(":disjunctive-preconditions", f.span, "`imply`")
            self.formula(f.condition, scope, objects)
            self.formula(f.consequence, scope, objects)
        elif isinstance(f, (ast.Exists, ast.Forall)):
            if isinstance(f, ast.Exists):
                self.need(":existential-preconditions", f.span, "`exists`")
            else:
                self.need(":universal-preconditions", f.span, "`forall` in a condition")
            inner = {**scope, **self.parameters(f.variables, "a quantifier")}
            self.formula(f.body, inner, objects)

    def effect(self, e: ast.Effect, scope: Scope) -> None:
        if isinstance(e, ast.Atom):
            self.atom(e, scope, self.constants)
            if e.predicate in self.derived:
                self.report("E305", f"derived predicate `{e.predicate}` cannot be changed by an effect", e.span,
                            "derived predicates are computed from the state by their `:derived` rule")
        elif isinstance(e, ast.Not):
            self.effect(e.arg, scope)
        elif isinstance(e, ast.AndEffect):
            for part in e.parts:
                self.effect(part, scope)
        elif isinstance(e, ast.ForallEffect):
            self.need(":conditional-effects", e.span, "`forall` in an effect")
            self.effect(e.effect, {**scope, **self.parameters(e.variables, "a quantifier")})
        elif isinstance(e, ast.When):
            self.need(":conditional-effects", e.span, "`when`")
            self.formula(e.condition, scope, self.constants)
            self.effect(e.effect, scope)
        elif isinstance(e, ast.Increase):
            self.function_term(e.fluent, scope, self.constants)
            self.numeric(e.amount, scope, self.constants)

    # ------------------------------------------------------------------ the domain
    def actions(self) -> None:
        for action in self.budget.paced(self.domain.actions, STAGE):
            self.breadcrumb = f"action `{action.name}`"
            scope = self.parameters(action.parameters, f"action `{action.name}`")
            if action.precondition is not None:
                self.breadcrumb = f"action `{action.name}` › precondition"
                self.formula(action.precondition, scope, self.constants)
            if action.effect is not None:
                self.breadcrumb = f"action `{action.name}` › effect"
                self.effect(action.effect, scope)
                self.costs(action)
        declared = {p.name: p for p in self.domain.predicates}
        for axiom in self.domain.derived:
            self.breadcrumb = f"derived predicate `{axiom.name}`"
            self.need(":derived-predicates", axiom.span, "`:derived`")
            head = declared.get(axiom.name)
            if head is not None and len(head.parameters) != len(axiom.parameters):
                self.report("E301", f"derived predicate `{axiom.name}` has {len(axiom.parameters)} parameter(s), "
                                    f"but it is declared with {len(head.parameters)}", axiom.span,
                            f"declared at {head.span}")
            scope = self.parameters(axiom.parameters, f"derived predicate `{axiom.name}`")
            self.formula(axiom.body, scope, self.constants)
        self.breadcrumb = ""
        levels = axiom_levels(self.domain.derived)
        if not stratified(self.domain.derived, levels):
            cyclic = max(self.domain.derived, key=lambda a: levels[a.name])  # its level grew without bound
            self.report("E307", f"derived predicate `{cyclic.name}` depends negatively on itself (through `not`), "
                                "so it has no well-defined value", cyclic.span,
                        "PDDL requires stratified axioms: no derived predicate may be read under `not` in its own "
                        "definition, directly or through others")

    def costs(self, action: ast.ActionSchema) -> None:
        """E405 for each cost effect the planners cannot price (``costs.action_cost`` refuses it); W621 for
        a price beyond their range (the grounder refuses it as G707; the validator prices it exactly)."""
        priced, unpriceable = cost_effects(action)
        for e in unpriceable:
            self.report("E405", unpriceable_message(action), e.span,
                        "move the `increase` to the top level of the effect (split the action by the condition "
                        "if the price depends on it)")
        if len(priced) == 1 and isinstance(priced[0].amount, ast.Number) and _beyond(priced[0].amount.value):
            self.report("W621", f"the cost {expr(priced[0].amount)} is beyond the planners' range",
                        priced[0].amount.span, PRICE_HINT, severity=Severity.WARNING)
        elif len(priced) == 1 and isinstance(priced[0].amount, ast.Number) and _refused(priced[0].amount.value):
            self.report("W621", f"the cost {expr(priced[0].amount)} is not a whole number >= 0",
                        priced[0].amount.span, WHOLE_HINT, severity=Severity.WARNING)

    def requirement_diagnostics(self) -> None:
        """One E404 per missing flag, at the `(:requirements ...)` section (where the fix goes)
        when there is one, else at the first use."""
        section = self.domain.requirements_span
        for requirement, (use, what) in self.missing_requirements.items():
            if section is not None:
                at = Span(section.file, section.end_line, section.end_column - 1, section.end_line,
                          section.end_column - 1)
                edit: TextEdit | None = TextEdit(at, f" {requirement}")
            else:
                edit = _insert_before_end(self.domain, f"(:requirements {requirement})")
            self.breadcrumb = ""
            self.diagnostics.append(Diagnostic(
                "E404", Severity.ERROR, f"`{requirement}` is not declared, but the domain uses {what}",
                section or use, f"add `{requirement}` to `(:requirements ...)`",
                (f"first used at {use}",) if use is not None else (),
                Fix(f"declare {requirement}", (edit,)) if edit else None))
        self.reported_requirements |= set(self.missing_requirements)
        self.missing_requirements.clear()


PRICE_HINT = f"`solve` refuses it: the planners take operator costs up to {MAX_COST}"
WHOLE_HINT = "`solve` refuses it: the planners take whole operator costs >= 0"
MISSING_HINT = "`solve` refuses it (G705): give the value in `:init`, or rule such steps out in the precondition"
MAX_PRICED_BINDINGS = 100_000
"""Most argument combinations whose computed price ``check`` evaluates per action (more are left to the grounder)."""


def _refused(value: int | float | Fraction) -> bool:
    """A price the planners do not take: a fraction, a negative, or beyond MAX_COST."""
    return not takes(Fraction(value))


def _computed_prices(checker: _Checker, problem: ast.Problem, objects: dict[str, tuple[str, ...]]) -> None:
    """W621 for an action whose price, computed by arithmetic or summed over several cost effects, the planners
    do not take for some arguments: the grounder refuses the task then (G704, G707), so ``check`` says so first.
    Each action's cost is evaluated on the problem's values for every combination of the parameters it reads
    (up to MAX_PRICED_BINDINGS); combinations with a missing value are ``_missing_values``'s."""
    values = function_values(problem)
    for action in checker.domain.actions:
        priced, unpriceable = cost_effects(action)
        if unpriceable or not priced or (len(priced) == 1 and isinstance(priced[0].amount, (ast.Number,
                                                                                              ast.FunctionTerm))):
            continue  # E405, unit cost, or a price ``costs`` and the `:init` values already report
        read = _read_parameters(action, priced)
        if read is None:
            continue
        domains = _parameter_domains(checker.hierarchy, action, read, objects)
        if prod(map(len, domains)) > MAX_PRICED_BINDINGS:
            continue
        for combination in checker.budget.paced(product(*domains), STAGE):
            binding = dict(zip(read, combination))
            try:
                price = action_cost(action, binding, values)
            except UndefinedValue:
                continue
            except ZeroDivisionError:
                checker.report("W621", f"action `{action.name}` divides its cost by zero{_with(binding)}",
                               priced[0].span, WHOLE_HINT, severity=Severity.WARNING)
                break
            if _refused(price):
                shown = str(price.numerator) if price.denominator == 1 else f"{float(price):g}"
                beyond = price > MAX_COST
                why = "beyond the planners' range" if beyond else "not a whole number >= 0"
                checker.report("W621", f"action `{action.name}` costs {shown}{_with(binding)}, {why}",
                               priced[0].span, PRICE_HINT if beyond else WHOLE_HINT, severity=Severity.WARNING)
                break


def _read_parameters(action: ast.ActionSchema, priced: list[ast.Increase]) -> list[str] | None:
    """The parameters an action's price reads, in order; None when it reads an undeclared variable (E303)."""
    params = {p.name for p in action.parameters}
    read = list(dict.fromkeys(v.name for e in priced for v in _variables(e.amount)))
    return None if any(name not in params for name in read) else read


def _parameter_domains(hierarchy: TypeHierarchy, action: ast.ActionSchema, read: list[str],
                       objects: dict[str, tuple[str, ...]]) -> list[list[str]]:
    types = {p.name: p.types for p in action.parameters}
    return [sorted({o for t in types[n] or (ROOT,) for o in hierarchy.objects_of(t, objects)}) for n in read]


def _missing_values(domain: ast.Domain, problem: ast.Problem, hierarchy: TypeHierarchy, budget: Budget
                    ) -> list[Diagnostic]:
    """W622 for an action whose price reads a value `:init` never gives, for a step the grounder reaches: it
    refuses the task then (G705). Judged on the grounder's own relaxed reachability, so ``check`` and ``solve``
    agree; exploring runs only for an action that lacks a value for some arguments its static preconditions
    allow (``_StaticGuard``), which a task with every value never has."""
    from .ground import GroundingError, reachable_bindings

    values = function_values(problem)
    objects = {c.name: c.types for c in domain.constants} | {o.name: o.types for o in problem.objects}
    facts: dict[str, set[tuple[str, ...]]] = defaultdict(set)
    for item in problem.init:
        if isinstance(item, ast.Atom):
            facts[item.predicate].add(tuple(t.name for t in item.args))
    static = static_predicates(domain)
    suspects = []
    for action in domain.actions:
        priced, unpriceable = cost_effects(action)
        read = _read_parameters(action, priced)
        if unpriceable or read is None or not any(_reads_values(e.amount) for e in priced):
            continue
        domains = _parameter_domains(hierarchy, action, read, objects)
        if prod(map(len, domains)) > MAX_PRICED_BINDINGS:
            continue
        guard = _StaticGuard(action, set(read), static, facts)
        for combination in budget.paced(product(*domains), STAGE):
            binding = dict(zip(read, combination))
            if _undefined(action, binding, values) is not None and guard.allows(binding):
                suspects.append((action, priced))
                break
    if not suspects:
        return []
    try:
        reached = reachable_bindings(domain, problem, budget)
    except GroundingError:
        return []  # too large to explore, or a defect `check` reports itself: `solve` stops at it first
    out = []
    for action, priced in suspects:
        for binding in budget.paced(reached.get(action.name, ()), STAGE):
            missing = _undefined(action, binding, values)
            if missing is not None:
                shown = {name: binding[name] for name in _read_parameters(action, priced) or ()}
                out.append(Diagnostic("W622", Severity.WARNING,
                                      f"action `{action.name}` costs {_amount(priced)}{_with(shown)}, but the "
                                      f"`:init` of problem `{problem.name}` gives no value for {missing}",
                                      priced[0].span, MISSING_HINT))
                break
    return out


def _undefined(action: ast.ActionSchema, binding: dict[str, str], values: dict) -> UndefinedValue | None:
    """The missing value a step's price reads, or None when it has them all."""
    try:
        action_cost(action, binding, values)
    except UndefinedValue as exc:
        return exc
    except ZeroDivisionError:
        return None  # W621's
    return None


class _StaticGuard:
    """Whether a step of an action, with the parameters its cost reads bound, may apply at all, judged on the
    top-level conjuncts of its precondition that never change: each static atom must match an initial fact on
    the bound positions, each (in)equality of bound terms must hold. A value missing for arguments the domain
    rules out (a road length between two places with no road) is no finding: the grounder never prices them."""

    def __init__(self, action: ast.ActionSchema, bound: set[str], static: set[str],
                 facts: dict[str, set[tuple[str, ...]]]) -> None:
        self.atoms: list[tuple[tuple[ast.Term, ...], set[tuple[str, ...]]]] = []
        self.equalities: list[tuple[ast.Term, ast.Term, bool]] = []
        def known(term: ast.Term) -> bool:
            return isinstance(term, ast.Constant) or term.name in bound

        for part in conjuncts(action.precondition):
            equal = not isinstance(part, ast.Not)
            inner = part.arg if isinstance(part, ast.Not) else part
            if isinstance(inner, ast.Equals) and known(inner.left) and known(inner.right):
                self.equalities.append((inner.left, inner.right, equal))
            elif isinstance(inner, ast.Atom) and equal and inner.predicate in static:
                positions = [i for i, t in enumerate(inner.args) if known(t)]
                if positions:
                    allowed = {tuple(args[i] for i in positions) for args in facts.get(inner.predicate, ())
                               if len(args) == len(inner.args)}
                    self.atoms.append((tuple(inner.args[i] for i in positions), allowed))

    def allows(self, binding: dict[str, str]) -> bool:
        def name(term: ast.Term) -> str:
            return binding[term.name] if isinstance(term, ast.Variable) else term.name
        return (all((name(left) == name(right)) == equal for left, right, equal in self.equalities)
                and all(tuple(map(name, terms)) in allowed for terms, allowed in self.atoms))



def _reads_values(e: ast.NumericExpr) -> bool:
    return isinstance(e, ast.FunctionTerm) or (isinstance(e, ast.ArithmeticExpr) and any(map(_reads_values, e.args)))


def _amount(priced: list[ast.Increase]) -> str:
    """What the steps of an action cost, as written: one cost effect's amount, or their sum."""
    amounts = [expr(e.amount) for e in priced]
    return amounts[0] if len(amounts) == 1 else "(+ " + " ".join(amounts) + ")"


def _variables(e: ast.NumericExpr) -> Iterator[ast.Variable]:
    if isinstance(e, ast.FunctionTerm):
        yield from (a for a in e.args if isinstance(a, ast.Variable))
    elif isinstance(e, ast.ArithmeticExpr):
        for arg in e.args:
            yield from _variables(arg)


def _with(binding: dict[str, str]) -> str:
    return " with " + ", ".join(f"?{k} = {v}" for k, v in binding.items()) if binding else ""


def _beyond(value: int | float) -> bool:
    """A whole price the planners cannot take (a fraction or a negative is the grounder's G704)."""
    price = Fraction(value)
    return price.denominator == 1 and price > 0 and not takes(price)


def _price_functions(domain: ast.Domain) -> set[str]:
    """The functions whose values are prices: the whole cost of some action's steps."""
    out = set()
    for action in domain.actions:
        priced = cost_effects(action)[0]
        if len(priced) == 1 and isinstance(priced[0].amount, ast.FunctionTerm):
            out.add(priced[0].amount.name)
    return out


def _show(term: ast.Term) -> str:
    return f"?{term.name}" if isinstance(term, ast.Variable) else term.name


def _sort(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    def key(d: Diagnostic):
        s = d.span
        return (s.file or "", s.line, s.column, d.code) if s else ("", 0, 0, d.code)
    return sorted(diagnostics, key=key)


READ_ANYWAY = frozenset({"E404"})
"""Codes for defects that Fast Downward and unified-planning read past: published IPC files use `forall`,
`not`, `=` or `total-cost` without the flag. `check` reports them as errors (the file is not valid
PDDL, and `fix` declares the flag); every stage that only reads a task (solve, validate, ground,
generate, export, the text environment) takes them as warnings, as those planners do."""


def read_anyway(diagnostic: Diagnostic) -> Diagnostic:
    """The warning a reading stage gives for an error in READ_ANYWAY."""
    return replace(diagnostic, severity=Severity.WARNING,
                   notes=(*diagnostic.notes, "read anyway, as Fast Downward and unified-planning read it; "
                                             "`agentgen-sym check` reports it as an error and `fix` declares it"))


def check(domain: ast.Domain, problem: ast.Problem | None = None, *, strict: bool = True,
          incomplete: Iterable[str] = (), budget: Budget | None = None) -> list[Diagnostic]:
    """Every diagnostic for a domain and, optionally, one of its problems (sorted by location).

    ``strict=False`` is how the stages that only read a task call it: the READ_ANYWAY errors come back
    as warnings. ``incomplete`` names the sections the parser skipped after syntax errors
    (``ParseResult.lost``): findings those sections could have prevented (an undeclared predicate when
    `:predicates` was skipped, an unused predicate when an action was) are left out rather than reported
    as cascades. Raises TypeError when the arguments are not a Domain and a Problem (a domain passed as
    the problem). ``budget`` (a run's deadline and memory limit) is checked between the passes and ticked
    inside them, in every loop whose length the input controls: ``limits.LimitReached`` when it runs out.
    """
    found = _check(domain, problem, incomplete, budget or Budget())
    return found if strict else [read_anyway(d) if d.code in READ_ANYWAY and d.is_error else d for d in found]


def _check(domain: ast.Domain, problem: ast.Problem | None, incomplete: Iterable[str], budget: Budget
           ) -> list[Diagnostic]:
    from .analysis import analyse_domain, analyse_problem
    from .goals import impossible_goals
    from .invariants import Invariants
    from .selfmove import self_moves

    if not isinstance(domain, ast.Domain):
        raise TypeError(f"check() takes a Domain first, not {_kind(domain)}")
    if problem is not None and not isinstance(problem, ast.Problem):
        raise TypeError(f"check() takes a Problem second, not {_kind(problem)}"
                        + (": pass the problem file, not a second domain" if isinstance(problem, ast.Domain) else ""))
    budget.check(STAGE)
    checker = _Checker(domain, budget)
    checker.declarations()
    checker.actions()
    checker.requirement_diagnostics()
    budget.check(STAGE)
    used_types = set(checker.used_types)
    if problem is not None:  # types given only to the problem's objects are used, not W606
        used_types |= {t for obj in problem.objects for t in obj.types}
    checker.diagnostics.extend(analyse_domain(domain, checker.used_predicates, used_types,
                                              checker.hierarchy, Invariants(domain, budget), problem, budget))
    budget.check(STAGE)
    checker.diagnostics.extend(self_moves(domain, problem, checker.hierarchy, budget))
    budget.check(STAGE)
    if problem is not None:
        if check_problem(checker, problem):
            budget.check(STAGE)
            checker.diagnostics.extend(analyse_problem(domain, problem, checker.hierarchy, budget))
            budget.check(STAGE)
            checker.diagnostics.extend(impossible_goals(domain, problem, checker.hierarchy, budget))
            if not any(d.is_error and d.code not in READ_ANYWAY for d in checker.diagnostics):  # what `solve` reads
                checker.diagnostics.extend(_missing_values(domain, problem, checker.hierarchy, budget))
    budget.check(STAGE)
    return _sort(_without_cascades(checker.diagnostics, set(incomplete)))


def _kind(value: object) -> str:
    if isinstance(value, ast.Domain):
        return f"the domain `{value.name}`"
    if isinstance(value, ast.Problem):
        return f"the problem `{value.name}`"
    return f"a {type(value).__name__}"


_SILENCED_BY_LOSS = {
    ":requirements": {"E404"}, ":types": {"E202", "E302", "W606"}, ":constants": {"E203", "E302", "W608"},
    ":objects": {"E203", "E302", "W601"}, ":predicates": {"E201", "E301", "W605"}, ":functions": {"E204", "E301"},
    ":init": {"W601", "E503", "E504"}, ":goal": set(), ":domain": {"E501"},
    ":action": {"W605", "W606", "E503", "E504"}, ":derived": {"E201", "W605", "E503", "E504"},
}
_LINTS = {"W601", "W602", "W603", "W604", "W605", "W606", "W607", "E503", "E504"}
_SILENCED_BY_LOSS.update({head + "-part": codes | _LINTS  # the rest of a section a stray `)` closed early
                          for head, codes in list(_SILENCED_BY_LOSS.items())})


def _without_cascades(found: list[Diagnostic], incomplete: set[str]) -> list[Diagnostic]:
    """Drop the findings that a section skipped by the parser may have caused (any code, for a
    section the table does not know)."""
    if not incomplete:
        return found
    silenced: set[str] = set()
    for head in incomplete:
        silenced |= _SILENCED_BY_LOSS.get(head, {d.code for d in found})
    return [d for d in found if d.code not in silenced]


def check_problem(checker: _Checker, problem: ast.Problem) -> bool:
    """Check a problem against the checker's domain; False when it is evidently for another domain
    (its name differs and its facts use predicates the domain lacks): then only E501 is reported."""
    domain = checker.domain
    if problem.domain_name in ("", domain.name):  # "": E114 already says the name is missing
        _check_problem_body(checker, problem)
        return True
    start = len(checker.diagnostics)
    _check_problem_body(checker, problem)
    follow_on = checker.diagnostics[start:]
    foreign = any(d.code == "E201" for d in follow_on)
    hint = "check that you passed the right domain file"
    if foreign:
        errors = sum(d.is_error for d in follow_on)
        del checker.diagnostics[start:]
        checker.roots = {key: i for key, i in checker.roots.items() if i < start}
        hint += f" ({errors} follow-on error{'s' * (errors != 1)} against `{domain.name}` not shown)"
    checker.report("E501", f"problem `{problem.name}` is for domain `{problem.domain_name}`, not `{domain.name}`",
                   problem.domain_span or problem.span, hint)
    return not foreign


def _check_problem_body(checker: _Checker, problem: ast.Problem) -> None:
    checker.breadcrumb = ":objects"
    objects: dict[str, tuple[str, ...]] = dict(checker.constants)
    for obj in checker.budget.paced(problem.objects, STAGE):
        if obj.name in objects:
            if obj.name in checker.constants and checker.constants[obj.name] == obj.types:
                checker.report("W608", f"object `{obj.name}` repeats a domain constant", obj.span,
                               "delete it from `(:objects ...)`", severity=Severity.WARNING)
            else:
                checker.report("E208", f"object `{obj.name}` declared twice", obj.span)
        objects[obj.name] = obj.types
        checker.type_ref(obj.types, obj.type_span)
    if problem.objects and any(o.types for o in problem.objects):
        checker.need(":typing", problem.objects[0].span, "typed objects")

    checker.breadcrumb = ":init"
    prices = _price_functions(checker.domain)
    for item in checker.budget.paced(problem.init, STAGE):
        if isinstance(item, ast.FunctionValue):
            checker.function_term(item.function, {}, objects)
            if item.function.name in prices and _beyond(item.value.value):
                checker.report("W621", f"{expr(item.function)} is a step's cost, and {expr(item.value)} is beyond "
                                       "the planners' range", item.value.span, PRICE_HINT, severity=Severity.WARNING)
            elif item.function.name in prices and _refused(item.value.value):
                checker.report("W621", f"{expr(item.function)} is a step's cost, and {expr(item.value)} is not a "
                                       "whole number >= 0", item.value.span, WHOLE_HINT, severity=Severity.WARNING)
        else:
            checker.atom(item, {}, objects)
            if item.predicate in checker.derived:
                checker.report("E502", f"derived predicate `{item.predicate}` cannot be given in `:init`", item.span,
                               "derived predicates are computed from the state")
            for arg in item.args:
                if isinstance(arg, ast.Variable):
                    checker.report("E303", f"variable `?{arg.name}` in an initial fact", arg.span)
    checker.breadcrumb = ""
    _computed_prices(checker, problem, objects)
    checker.breadcrumb = ":goal"
    if problem.goal is not None:
        checker.formula(problem.goal, {}, objects)
    if problem.metric is not None:
        checker.breadcrumb = ":metric"
        checker.numeric(problem.metric.expression, {}, objects)
        if problem.metric.direction != "minimize":
            checker.report("E402", f"unsupported construct: `:metric {problem.metric.direction}`",
                           problem.metric.span, "the planners minimise plan cost: write `(:metric minimize "
                           "(total-cost))` or leave the metric out")
    checker.breadcrumb = ""
    checker.requirement_diagnostics()
