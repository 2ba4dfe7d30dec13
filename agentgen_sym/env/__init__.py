"""Text environments for LLM agents over grounded planning tasks (AgentBoard conventions)."""

from agentgen_sym.env.core import EnvCore, Sessions, Step
from agentgen_sym.env.goals import GoalCondition
from agentgen_sym.wording.templates import TEMPLATES_FILE, ActionReader, TemplateError, Templates
from agentgen_sym.env.textenv import StepResult, TextEnv
from agentgen_sym.env.texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION,
                                       UNSATISFIED_ACTION, VALID_ACTIONS_PREFIX, Outcome, TextTask)

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
