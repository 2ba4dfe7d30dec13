"""The domain's rules in natural language, rendered from the lifted action schemas.

An agent trained on the trajectories must learn what each action needs and does from the
same words the environment uses, so the rules are produced by the domain's own templates
with parameter placeholders (``?w``) in place of objects, not written by hand. Rendering is
purely structural (one phrase per formula or effect node) so that every domain, including
LLM-drafted ones, gets complete and predictable rules.
"""

from __future__ import annotations

from functools import singledispatch

from agentgen_sym.compiler import ast
from agentgen_sym.compiler.printer import expr
from agentgen_sym.wording.templates import NEGATED, Templates, in_sentence


def term_text(term: ast.Term) -> str:
    """``?x`` for a variable, the name for a constant."""
    return f"?{term.name}" if isinstance(term, ast.Variable) else term.name


def atom_text(atom: ast.Atom, templates: Templates) -> str:
    """The predicate's template over the atom's terms (PDDL text for a predicate without one), as it reads inside
    a sentence."""
    if atom.predicate not in templates.predicates:
        return expr(atom)
    return in_sentence(templates.fact(atom.predicate, (term_text(t) for t in atom.args)))


def _variables(variables: tuple[ast.TypedName, ...]) -> str:
    return ", ".join(f"?{v.name} ({' or '.join(v.types) or 'object'})" for v in variables)


def _join(parts: list[str], word: str) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + f" {word} " + parts[-1]


@singledispatch
def condition_text(node: object, templates: Templates) -> str:
    """A precondition or goal formula in words."""
    return expr(node)


@condition_text.register
def _(node: ast.Atom, templates: Templates) -> str:
    return atom_text(node, templates)


@condition_text.register
def _(node: ast.Equals, templates: Templates) -> str:
    return f"{term_text(node.left)} is the same as {term_text(node.right)}"


@condition_text.register
def _(node: ast.Not, templates: Templates) -> str:
    if isinstance(node.arg, ast.Equals):
        return f"{term_text(node.arg.left)} is not the same as {term_text(node.arg.right)}"
    if isinstance(node.arg, ast.Atom) and node.arg.predicate in templates.predicates:
        return in_sentence(templates.negated_fact(node.arg.predicate, (term_text(t) for t in node.arg.args)))
    if isinstance(node.arg, ast.Exists):  # "(for some ...)" denied: "(for no ...)"
        return f"(for no {_variables(node.arg.variables)}: {condition_text(node.arg.body, templates)})"
    return NEGATED.format(in_sentence(condition_text(node.arg, templates)))


@condition_text.register
def _(node: ast.And, templates: Templates) -> str:
    return _join([condition_text(p, templates) for p in node.parts], "and") if node.parts else "nothing"


@condition_text.register
def _(node: ast.Or, templates: Templates) -> str:
    return "(" + _join([condition_text(p, templates) for p in node.parts], "or") + ")" if node.parts else "never"


@condition_text.register
def _(node: ast.Imply, templates: Templates) -> str:
    return f"(if {condition_text(node.condition, templates)}, then {condition_text(node.consequence, templates)})"


@condition_text.register
def _(node: ast.Exists, templates: Templates) -> str:
    return f"(for some {_variables(node.variables)}: {condition_text(node.body, templates)})"


@condition_text.register
def _(node: ast.Forall, templates: Templates) -> str:
    return f"(for every {_variables(node.variables)}: {condition_text(node.body, templates)})"


def effect_text(effect: ast.Effect | None, templates: Templates) -> str:
    """An effect in words: what becomes true, what becomes false, conditional and universal parts."""
    adds: list[str] = []
    deletes: list[str] = []
    others: list[str] = []
    for part in _parts(effect):
        if isinstance(part, ast.Atom):
            adds.append(atom_text(part, templates))
        elif isinstance(part, ast.Not) and isinstance(part.arg, ast.Atom):
            deletes.append(atom_text(part.arg, templates))
        elif isinstance(part, ast.When):
            others.append(f"if {condition_text(part.condition, templates)}, then "
                          f"({effect_text(part.effect, templates)})")
        elif isinstance(part, ast.ForallEffect):
            others.append(f"for every {_variables(part.variables)}: ({effect_text(part.effect, templates)})")
        elif isinstance(part, ast.Increase):
            others.append(f"it costs {expr(part.amount)}")
        else:
            others.append(expr(part))
    phrases = ([f"makes true: {_join(adds, 'and')}"] if adds else []) + \
        ([f"makes false: {_join(deletes, 'and')}"] if deletes else []) + others
    return "; ".join(phrases) or "changes nothing"


def _parts(effect: ast.Effect | None) -> list[ast.Effect]:
    if effect is None:
        return []
    if isinstance(effect, ast.AndEffect):
        return [p for part in effect.parts for p in _parts(part)]
    return [effect]


def action_rule(action: ast.ActionSchema, templates: Templates) -> str:
    """One line: the action as the agent writes it, its parameters' types, needs and effects."""
    call = templates.action(action.name, (f"?{p.name}" for p in action.parameters))
    where = f" where {_variables(action.parameters)}" if action.parameters else ""
    needs = condition_text(action.precondition, templates) if action.precondition is not None else "nothing"
    return f"- {call}{where}. Requires: {needs}. Effect: {effect_text(action.effect, templates)}."


def domain_rules(templates: Templates) -> str:
    """The rules of every action of the domain, one per line, in the domain's order."""
    return "\n".join(action_rule(a, templates) for a in templates.domain.actions)
