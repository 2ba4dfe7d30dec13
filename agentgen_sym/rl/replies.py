"""How the chat adapters (verifiers 0.3 and 0.4) talk to a model: the system prompt and the action in a reply."""

from __future__ import annotations

SYSTEM_PROMPT = ("You act in a planning environment. Each turn, reply with one action, on a line of its own after "
                 "'Action:'; 'check valid actions' lists the actions that apply now.")


def action_text(reply: str) -> str:
    """The action in a model reply: the rest of the line after its last ``Action:``, else its last non-blank line."""
    if "Action:" in reply:
        rest = reply.rsplit("Action:", 1)[1].strip()
        return rest.splitlines()[0].strip() if rest else ""
    lines = [line.strip() for line in reply.splitlines() if line.strip()]
    return lines[-1] if lines else ""
