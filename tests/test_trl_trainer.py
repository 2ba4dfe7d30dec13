"""TRL's own GRPOTrainer accepts the environment factory, and a gold rollout through the tools it extracted scores
exactly 1.0 by the reward it derived from the environment.

A model is needed to construct the trainer, not to check what the factory gives it: the model here is a randomly
initialised two-layer Qwen3 over a word-level vocabulary, the chat template TRL's own ``qwen3.jinja`` (one TRL
knows, so it adds the response parser itself). The test stops before generation: a random model would not call the
tools, so the gold plan is played through the tool methods TRL probed (``trainer._env_tools``), called as its tool
loop calls them (``tool(**arguments)``), and scored by the reward function TRL appended for the class's
``get_reward`` (``grpo_trainer.py``: "the environment owns the reward"). Runs where TRL and torch are installed: the
consumer matrix's row (.ci/matrix.py); the dev environment checks the rules TRL's source states
(tests/test_rl_env.py).
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from agentgen_sym.compiler.task import GroundAction
from agentgen_sym.rl.trl_tools import RESERVED, DomainEnvironment, dataset_rows, environment_class, tool_names

from .corpus_tasks import optimal_tasks_dirs

trl = pytest.importorskip("trl", reason="TRL is not installed (the consumer matrix's row installs TRL and torch)")
torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
datasets = pytest.importorskip("datasets")
tokenizers = pytest.importorskip("tokenizers")

DOMAINS = ("bike-workshop", "kitchen-line")


def _tokenizer(words: set[str]):
    """A word-level tokenizer over ``words`` and the template's markers, with TRL's qwen3 chat template."""
    template = resources.files("trl").joinpath("chat_templates", "qwen3.jinja").read_text(encoding="utf-8")
    special = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<tool_call>", "</tool_call>", "<think>", "</think>",
               "<tool_response>", "</tool_response>", "[UNK]"]
    vocab = {token: i for i, token in enumerate(special + sorted(words))}
    model = tokenizers.models.WordLevel(vocab, unk_token="[UNK]")
    raw = tokenizers.Tokenizer(model)
    raw.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    tokenizer = transformers.PreTrainedTokenizerFast(tokenizer_object=raw, unk_token="[UNK]", eos_token="<|im_end|>",
                                                     pad_token="<|endoftext|>", additional_special_tokens=special[1:9])
    tokenizer.chat_template = template
    return tokenizer


def _trainer(folder: Path, tmp_path: Path):
    rows = dataset_rows(folder)
    words = {w for row in rows for w in row["prompt"][0]["content"].split()}
    tokenizer = _tokenizer(words)
    config = transformers.Qwen3Config(vocab_size=len(tokenizer), hidden_size=32, intermediate_size=64,
                                      num_hidden_layers=2, num_attention_heads=2, num_key_value_heads=1,
                                      head_dim=16, max_position_embeddings=4096)
    model = transformers.Qwen3ForCausalLM(config)
    args = trl.GRPOConfig(output_dir=str(tmp_path / "grpo"), per_device_train_batch_size=2, num_generations=2,
                          max_completion_length=16, report_to=[], use_cpu=True, logging_strategy="no",
                          save_strategy="no")
    return trl.GRPOTrainer(model=model, processing_class=tokenizer, args=args,
                           train_dataset=datasets.Dataset.from_list(rows),
                           environment_factory=environment_class(folder))


@pytest.mark.parametrize("domain", DOMAINS)
def test_trls_trainer_takes_the_factory_and_scores_a_gold_rollout_exactly_one(domain, tmp_path):
    folder = optimal_tasks_dirs(tmp_path / "tasks", (domain,))[domain]
    trainer = _trainer(folder, tmp_path)
    env_class = environment_class(folder)
    domain_ast = env_class.library.folder.domain
    named = tool_names(domain_ast, RESERVED | set(dir(DomainEnvironment)))
    tools = {tool.__name__: tool for tool in trainer._env_tools[None]}
    assert sorted(tools) == sorted(name for name, _ in named.values())  # one tool per action, no other
    assert trainer.reward_func_names[-1] == env_class.__name__  # the reward TRL derived from get_reward, weight 1
    assert float(trainer.reward_weights[-1]) == 1.0
    environment = trainer._environment_pool[None][0]  # the instance TRL probed and pools
    for entry in map(json.loads, (folder / "tasks.jsonl").read_text().splitlines()):
        environment.reset(task=entry["id"])
        for step in map(GroundAction.parse, entry["plan"]):
            name, arguments = named[step.action]
            tools[name].__func__(environment, **dict(zip(arguments, step.args)))
        assert trainer.reward_funcs[-1](environments=[environment]) == [1.0], entry["id"]
        environment.reset(task=entry["id"])
        assert trainer.reward_funcs[-1](environments=[environment]) == [0.0]  # nothing done, nothing earned
