"""Text environments for LLM agents over grounded planning tasks (AgentBoard conventions)."""

from agentgen_sym.compiler.lazy import lazy_names

__getattr__, __dir__ = lazy_names(__name__, {
    "agentgen_sym.env.core": ("EnvCore", "Sessions", "Step"),
    "agentgen_sym.env.goals": ("GoalCondition",),
    "agentgen_sym.wording.templates": ("TEMPLATES_FILE", "ActionReader", "TemplateError", "Templates"),
    "agentgen_sym.env.textenv": ("StepResult", "TextEnv"),
    "agentgen_sym.env.texttask": ("CHECK_VALID_ACTIONS", "GOAL_PREFIX", "GOAL_SATISFIED", "INVALID_ACTION",
                                  "UNSATISFIED_ACTION", "VALID_ACTIONS_PREFIX", "Outcome", "TextTask"),
})
del lazy_names

__all__ = [
    "ActionReader",
    "CHECK_VALID_ACTIONS",
    "EnvCore",
    "GOAL_PREFIX",
    "GOAL_SATISFIED",
    "GoalCondition",
    "INVALID_ACTION",
    "Outcome",
    "Sessions",
    "Step",
    "StepResult",
    "TEMPLATES_FILE",
    "TemplateError",
    "Templates",
    "TextEnv",
    "TextTask",
    "UNSATISFIED_ACTION",
    "VALID_ACTIONS_PREFIX",
]
