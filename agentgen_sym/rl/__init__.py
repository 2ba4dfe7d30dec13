"""The RL adapters over the episode floor (``env/``): gymnasium (``gym_env``), TRL's environment_factory
(``trl_tools``) and verifiers (``verifiers_env``), each reading a TASKS_DIR through ``library.TaskLibrary``."""
