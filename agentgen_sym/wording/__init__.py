"""How a domain is said in English: templates for facts and actions (reviewed, LLM-drafted or derived from
names), the phrasing of actions from their effects, word splitting and articles, and the domain's rules.

It sits below the task sets and the environments, which both word tasks through it."""
