"""Text environments for LLM agents over grounded planning tasks (AgentBoard conventions)."""

from .goals import GoalCondition
from .templates import TEMPLATES_FILE, ActionReader, TemplateError, Templates
from .textenv import StepResult, TextEnv
from .texttask import (CHECK_VALID_ACTIONS, GOAL_PREFIX, GOAL_SATISFIED, INVALID_ACTION, UNSATISFIED_ACTION,
                       VALID_ACTIONS_PREFIX, Outcome, TextTask)

__all__ = [
    "ActionReader",
    "CHECK_VALID_ACTIONS",
    "GOAL_PREFIX",
    "GOAL_SATISFIED",
    "GoalCondition",
    "INVALID_ACTION",
    "Outcome",
    "StepResult",
    "TEMPLATES_FILE",
    "TemplateError",
    "Templates",
    "TextEnv",
    "TextTask",
    "UNSATISFIED_ACTION",
    "VALID_ACTIONS_PREFIX",
]
