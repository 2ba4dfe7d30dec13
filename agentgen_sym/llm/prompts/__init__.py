"""Versioned prompt files for LLM drafting (``*.md``), loaded with ``agentgen_sym.drafting.prompts.load_prompt``.

A package (not a bare folder) so that ``importlib.resources`` finds the files in regular and
editable installs alike. Each file starts with ``prompt:`` and ``version:`` lines; bump the
version whenever the wording changes, since it is recorded with every request.
"""
