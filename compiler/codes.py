"""The catalogue of diagnostic codes: one table, read by `agentgen-sym explain` and the docs.

Codes are stable and grouped by range: E1xx syntax, E2xx names, E3xx typing and arity,
E4xx requirements, E5xx problem vs domain, W6xx lint, G7xx grounding, V8xx plan validation.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CodeInfo:
    code: str
    severity: str
    title: str
    explanation: str
    example: str
    fixable: bool = False


CATALOGUE: dict[str, CodeInfo] = {c.code: c for c in [
    CodeInfo("E101", "error", "unexpected token",
             "The parser met a token that cannot appear at this point. The message lists what could "
             "appear instead and which parenthesis is still open.",
             "(:action pick :parameters (?x) :precondition (clear ?x) (holding ?x))"),
    CodeInfo("E102", "error", "unexpected end of file",
             "The file ended while parentheses were still open; the message names the innermost one. The fix "
             "closes them at the end (right when only the trailing parentheses were lost).",
             "(define (domain d) (:predicates (p))", fixable=True),
    CodeInfo("E103", "error", "unexpected character",
             "A character that PDDL does not use (such as `{` or `,`) or a word that cannot start here.",
             "(:predicates (on ?x, ?y))"),
    CodeInfo("E104", "error", "unbalanced closing parenthesis",
             "A `)` with no open parenthesis to close, usually an extra one at the end of the file.",
             "(define (domain d)))", fixable=True),
    CodeInfo("E105", "error", "unknown keyword",
             "A `:keyword` that PDDL does not define here, usually a typo; the closest keyword is suggested.",
             "(:action pick :parameters (?x) :precondtion (clear ?x))", fixable=True),
    CodeInfo("E106", "error", "nesting too deep",
             "Parentheses nest deeper than the limit (200 levels). Real PDDL nests a few levels; "
             "such input is generated garbage or an attack.", "(and (and (and ... 1000 levels ...)))"),
    CodeInfo("E107", "error", "input too large",
             "The input exceeds the size limit (16 MB by default; `--max-bytes` raises it).", ""),
    CodeInfo("E108", "error", "not a UTF-8 text file",
             "The input holds binary data (NUL bytes) or bytes that are not valid UTF-8.", ""),
    CodeInfo("E109", "error", "empty input",
             "The input holds nothing but whitespace and comments.", ""),
    CodeInfo("E110", "error", "malformed typed list",
             "A `-` type marker with no names before it, `(either)` with no types, or a `-` glued to the "
             "type (`?c -compressor` is one name to Fast Downward, which rejects it; the fix adds the space).",
             "(:objects - block a b)", fixable=True),
    CodeInfo("E111", "error", "wrong kind of file",
             "A problem was given where a domain was expected, or the other way round.", ""),
    CodeInfo("E112", "error", "part given twice",
             "An action gives `:precondition`, `:effect` or `:parameters` twice, or a problem gives "
             "`:goal`, `:domain` or `:metric` twice.", "(:action a :effect (p) :effect (q))"),
    CodeInfo("E113", "error", "section in the wrong kind of file",
             "A problem section (`:objects`, `:init`, `:goal`, ...) in a domain, or a domain section in a problem.",
             "(define (domain d) (:objects a b))"),
    CodeInfo("E114", "error", "problem does not name its domain",
             "Every problem must say which domain it is for with `(:domain NAME)`.", ""),
    CodeInfo("E115", "error", "problem has no goal", "Every problem needs a `(:goal ...)` section.", ""),
    CodeInfo("E201", "error", "undeclared predicate",
             "An atom uses a predicate that `(:predicates ...)` does not declare (often a typo). When one "
             "declared name is clearly closest, the fix renames it.",
             "(:predicates (clear ?x)) ... :precondition (claer ?x)", fixable=True),
    CodeInfo("E202", "error", "undeclared type",
             "A `- type` marker names a type that `(:types ...)` does not declare (types named only as a "
             "parent are declared implicitly).", "(:types block) ... :parameters (?x - blok)", fixable=True),
    CodeInfo("E203", "error", "undeclared object or constant",
             "A name used as an argument is neither a domain constant nor (in a problem) an object.",
             "(:objects a b) (:init (on a c))", fixable=True),
    CodeInfo("E204", "error", "undeclared function",
             "A numeric function (usually `total-cost`) is used but not declared in `(:functions ...)`. "
             "For `total-cost` the fix declares it.", "(increase (total-cost) 1) with no :functions",
             fixable=True),
    CodeInfo("E205", "error", "duplicate type", "The same type is declared twice.", "(:types a a)"),
    CodeInfo("E206", "error", "duplicate predicate or function",
             "The same predicate or function is declared twice.", "(:predicates (p ?x) (p ?y))"),
    CodeInfo("E207", "error", "duplicate action", "Two actions have the same name.",
             "(:action move ...) (:action move ...)"),
    CodeInfo("E208", "error", "duplicate object or constant",
             "The same name is declared twice as an object or constant, with different types.",
             "(:objects a - block a - table)"),
    CodeInfo("E209", "error", "duplicate parameter",
             "An action or quantifier binds the same variable twice.", "(:action a :parameters (?x ?x))"),
    CodeInfo("E301", "error", "wrong number of arguments",
             "An atom or function term has more or fewer arguments than its declaration.",
             "(:predicates (on ?x ?y)) ... (on ?x)"),
    CodeInfo("E302", "error", "argument of an incompatible type",
             "An argument's declared type and the parameter's type are disjoint (neither is a subtype of the "
             "other, through the hierarchy and `either`).", "(at ?truck - truck ?p - package) with swapped arguments"),
    CodeInfo("E303", "error", "unbound variable",
             "A variable is not bound by the action's parameters or an enclosing quantifier (or appears in an "
             "initial fact).", ":parameters (?x) :precondition (on ?x ?y)"),
    CodeInfo("E304", "error", "type cycle", "A type is its own ancestor.", "(:types a - b b - a)"),
    CodeInfo("E305", "error", "effect on a derived predicate",
             "Derived predicates are computed by their `:derived` rule; an effect cannot set them.", ""),
    CodeInfo("E306", "error", "division by zero",
             "A cost or metric divides by the number 0, so it has no value.", "(increase (total-cost) (/ 4 0))"),
    CodeInfo("E307", "error", "derived predicates not stratified",
             "A derived predicate is read under `not` in its own definition, directly or through other derived "
             "predicates: the axioms have no well-defined value (PDDL requires stratified axioms).",
             "(:derived (d) (not (d)))"),
    CodeInfo("E401", "error", "unsupported requirement",
             "A requirement of PDDL 2.1+ that agentgen-sym does not plan with (durative actions, numeric "
             "fluents, preferences, constraints, timed initial literals).", "(:requirements :durative-actions)"),
    CodeInfo("E402", "error", "unsupported construct",
             "A construct of PDDL 2.1+ (durative actions, numeric comparisons and effects other than "
             "`(increase (total-cost) ...)`, preferences, constraints, timed initial literals) that parses "
             "but cannot be planned with.", "(:durative-action move ...)"),
    CodeInfo("E403", "error", "unknown requirement",
             "A `:requirements` flag that PDDL does not define, usually a typo.",
             "(:requirements :stirps)", fixable=True),
    CodeInfo("E404", "error", "construct used without its requirement",
             "The domain uses negation, equality, quantifiers, `or`/`imply`, `when`, typing, costs or axioms "
             "without declaring the requirement (`:adl` implies its parts). The fix declares it. An error for "
             "`check`; the stages that only read a task (solve, validate, ground, generate, export, the text "
             "environment) take it as a warning and read the file, as Fast Downward and unified-planning do.",
             "(:requirements :strips) ... :precondition (not (clear ?x))", fixable=True),
    CodeInfo("E405", "error", "cost effect the planners cannot price",
             "An `(increase (total-cost) ...)` under `when` or `forall`: the step's price would depend on the state "
             "or on the objects, while a planner gives each ground action one fixed price. Refused, as Fast "
             "Downward's translator refuses it; `solve` and `validate` report it too. Move the `increase` to the top "
             "level of the effect, or split the action by the condition when the price depends on it.",
             "(when (heavy ?b) (increase (total-cost) 5))"),
    CodeInfo("E501", "error", "problem for another domain",
             "The problem's `(:domain NAME)` is not the name of the domain it is checked against.", ""),
    CodeInfo("E502", "error", "derived predicate in the initial state",
             "Derived predicates are computed from the state and cannot be listed in `:init`.", ""),
    CodeInfo("E503", "error", "goal on a static fact that is false",
             "A goal atom's predicate is static (no action changes it) and the atom is not true initially: "
             "the task is unsolvable.", "(:init) (:goal (road a b)) where no action adds road"),
    CodeInfo("E504", "error", "goal no action can achieve",
             "No action adds the goal atom's predicate and the atom is not true initially: the task is "
             "unsolvable.", ""),
    CodeInfo("E520", "error", "goal that can never hold",
             "A goal conjunct beyond a plain atom (a quantified, disjunctive or negated goal, or one through a "
             "derived predicate) that no reachable state satisfies: evaluated over the problem's objects, every "
             "way to make it true needs an atom that is not true initially and that no action adds (or, under "
             "`not`, one that is true initially and that no action deletes). The task is unsolvable.",
             "(:goal (forall (?l - location) (visited ?l))) where no action adds visited"),
    CodeInfo("W601", "warning", "action never applicable",
             "In this problem, no initial fact matches one of the action's static preconditions, or no object "
             "has a parameter's type; the action can never be applied.", ""),
    CodeInfo("W602", "warning", "contradictory precondition",
             "An action requires an atom and its negation: it can never be applied.",
             ":precondition (and (p ?x) (not (p ?x)))"),
    CodeInfo("W603", "warning", "effect adds and deletes the same atom",
             "In PDDL the add wins, so the delete is dead; one of the two is a mistake.",
             ":effect (and (p ?x) (not (p ?x)))"),
    CodeInfo("W604", "warning", "unused parameter",
             "An action parameter appears in neither its precondition nor its effect: every object of its type "
             "makes another, identical ground action.", ":parameters (?x ?unused)"),
    CodeInfo("W605", "warning", "unused predicate", "A declared predicate is used by no action.", ""),
    CodeInfo("W606", "warning", "unused type", "A declared type is given to nothing.", ""),
    CodeInfo("W607", "warning", "self-loop action",
             "With two parameters equal, the action changes nothing (`(move ?x ?x)`); plans may then contain "
             "bogus steps. An inequality `(not (= ?a ?b))` excludes them; the suggested fix adds it.",
             "(:action move :parameters (?from ?to) :precondition (at ?from) "
             ":effect (and (not (at ?from)) (at ?to)))", fixable=True),
    CodeInfo("W614", "warning", "number used as a name",
             "A problem name or object is a numeral (`(problem 6)`, objects `1 2 3`). Fast Downward reads such "
             "names, so they are accepted; PDDL names start with a letter and other tools reject them. The "
             "suggested fix renames every use in the file (`6` -> `n6`).", "(:objects 1 2 3)", fixable=True),
    CodeInfo("W608", "warning", "object repeats a constant",
             "A problem object repeats a domain constant with the same type; the repetition is harmless.", ""),
    CodeInfo("W609", "warning", "repeated parameter name in a declaration",
             "A predicate or function declaration repeats a parameter name; only the arity counts, but it reads "
             "like a mistake.", "(:predicates (in ?obj ?obj))"),
    CodeInfo("W620", "warning", "self-move",
             "With two parameters equal, the action deletes an atom and adds it back (`move ?x ?y` deleting "
             "`(at ?x)` and adding `(at ?y)`), so it moves nothing, yet it still makes a new fact true (such as "
             "`(visited ?y)`): plans may use the step to get that fact for free, and gold trajectories then teach "
             "a bogus move. Silent where the case is ruled out or harmless: a contradictory precondition, a static "
             "relation linking the two (judged on the problem's facts when one is given), static facts no object "
             "fits, two required atoms that a state invariant makes exclusive, a target that a static relation "
             "designates (a reset such as emptying a shaker to its empty level), or a step that gains no new fact. "
             "The fix adds `(not (= ?x ?y))` to the precondition; `fix --also W620` applies it. `generate` re-solves "
             "a task whose gold plan uses such a step with the inequality added (or drops it), `export` skips it.",
             "(:action move :parameters (?x ?y) :precondition (at ?x) "
             ":effect (and (not (at ?x)) (at ?y) (visited ?y)))", fixable=True),
    CodeInfo("W621", "warning", "cost the planners do not take",
             "A step's cost (a literal `(increase (total-cost) N)`, the `:init` value of the function its cost "
             "is, or a cost computed by arithmetic or summed over several cost effects, evaluated on the "
             "problem's values) is above 2147483647 (2^31 - 1), negative, a fraction, or divides by zero: "
             "`solve` refuses the task (G707, G704), as the planners sum plans exactly in 64-bit whole costs; "
             "`validate` still prices plans exactly.",
             "(= (road-length a b) 5000000000000000000)"),
    CodeInfo("W622", "warning", "cost with no value",
             "A step's cost reads a numeric fluent that the problem's `:init` gives no value (only `(total-cost)` "
             "starts at 0 by default), and the grounder's relaxed reachability reaches that step: `solve` refuses "
             "the task (G705), and `validate` reports V808 for a plan that takes it. Steps that can never apply "
             "(a road length between places with no road) need no value. Judged only on a task without errors. "
             "Give the value in `:init`, or rule such steps out in the precondition.",
             "(increase (total-cost) (road-length ?a ?b)) with no `(= (road-length b a) N)` in `:init`"),
    CodeInfo("W623", "warning", "action breaks a state invariant",
             "An action can break a state invariant that the domain otherwise keeps: each object is in at most one "
             "fact of a group (a parcel is `at` one place or `in` one vehicle). Two slips do it: a **missing "
             "delete**, where `load` requires `(at ?p ?l)`, adds `(in ?p ?v)` and keeps the first, so the parcel is "
             "both somewhere and in a vehicle; and a **missing precondition**, where `load` deletes `(at ?p ?l)` "
             "without requiring it, so a parcel already in a bike is loaded into a van too. Reported when the group "
             "is one state of the object: in every given problem's initial state each object has at most one of its "
             "facts, and another action moves objects between them (`unload` deletes `in` and adds `at`). The "
             "message gives a witness, at most two steps from a problem's initial state that leave two facts of "
             "one object true, when one is found. Plans exploit the slip (one parcel loaded into three bikes), "
             "and every such plan stays valid. Judged on the problems given (none: not reported). The fix adds the "
             "delete or the precondition; `generate` and `evolve` drop a task whose initial state or gold plan "
             "breaks the invariant and count the drops in the report and the card.",
             "(:action load :parameters (?p ?v ?l) :precondition (at ?v ?l) :effect (and (in ?p ?v) (not (at ?p ?l))))",
             fixable=True),
    CodeInfo("V801", "error", "unknown action in a plan",
             "A plan step names an action the domain does not define (often a typo); the closest action name "
             "is suggested.", "(pickup b) where the domain defines pick-up"),
    CodeInfo("V802", "error", "plan step with the wrong number of arguments",
             "A plan step gives more or fewer arguments than its action has parameters.",
             "(stack b) where stack takes ?x ?y"),
    CodeInfo("V803", "error", "plan step names an unknown object",
             "A plan step's argument is neither a domain constant nor an object of the problem.",
             "(pick-up e) where the problem has objects a b c d"),
    CodeInfo("V804", "error", "plan step argument of the wrong type",
             "A plan step's argument is declared with a type that is not the parameter's type or one of its "
             "subtypes.", "(drive pkg1 depot) where ?t - truck"),
    CodeInfo("V805", "error", "precondition false at a plan step",
             "A step's precondition does not hold in the state the steps before it reach: the step cannot be "
             "applied. The message names the step and the first false part of the precondition (for an `or` "
             "or `exists`, the whole of it), and a note lists the true facts of that predicate.",
             "step 1 (stack b a): precondition (holding b) is false"),
    CodeInfo("V806", "error", "goal not satisfied at the end of the plan",
             "Every step applies, but the goal does not hold in the final state; the message lists each false "
             "part of the goal.", "the goal is not satisfied after step 4: (on d c) is false"),
    CodeInfo("V807", "warning", "declared plan cost differs from the actual one",
             "The plan file's `; cost = N` line disagrees with the cost of replaying the plan (the final "
             "`(total-cost)` with action costs, else the number of steps). The plan itself is still valid.",
             "; cost = 7 for a plan of 6 unit-cost steps"),
    CodeInfo("V808", "error", "numeric fluent with no value",
             "A step's cost reads, or its effect increases, a numeric fluent that `:init` gives no value "
             "(only `(total-cost)` starts at 0 by default): the step's effect is undefined.",
             "(increase (total-cost) (road-length ?a ?b)) with no `(= (road-length a b) N)` in `:init`"),
]}


def explain(code: str) -> str | None:
    """The long explanation of a code, or None if the code is unknown."""
    info = CATALOGUE.get(code.upper())
    if info is None:
        return None
    text = f"{info.code} ({info.severity}): {info.title}\n\n{info.explanation}\n"
    if info.example:
        text += f"\nExample:\n    {info.example}\n"
    text += f"\nAutomatic fix: {fix_note(info)}\n"
    return text


def fix_note(info: CodeInfo) -> str:
    """Whether the diagnostic carries a fix, and whether `agentgen-sym fix` applies it (errors only:
    a warning's edit changes what the domain means, so it is offered, not applied)."""
    if not info.fixable:
        return "no"
    if info.severity == "error":
        return "yes (`agentgen-sym fix` applies it)"
    return "suggested (the diagnostic carries the edit, in JSON and SARIF too; `agentgen-sym fix` applies only errors' fixes)"


def markdown_table() -> str:
    """The catalogue as the Markdown table of docs/diagnostics.md (kept in sync by a test)."""
    lines = ["# Diagnostic codes", "",
             "Generated by `agentgen-sym explain --markdown`; `agentgen-sym explain CODE` prints one entry.", "",
             "| code | severity | meaning | example | automatic fix |", "|---|---|---|---|---|"]
    for info in CATALOGUE.values():
        example = f"`{info.example}`" if info.example else ""
        lines.append(f"| {info.code} | {info.severity} | **{info.title}**: {info.explanation} | {example} | "
                     f"{fix_note(info).split(' (')[0]} |")
    return "\n".join(lines) + "\n"
