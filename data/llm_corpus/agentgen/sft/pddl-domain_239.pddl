(define (domain sat-education)
  (:requirements :strips)
  (:predicates
    (basic_understanding)
    (programming_skills)
    (graph_theory_understanding)
    (advanced_programming_skills)
    (algorithm_understanding)
    (complexity_theory_understanding)
    (user_base_ready)
    (interactive_scenarios_designed ?scenario_design)
    (visualizations_developed ?visualization_tools)
    (algorithm_simulations_implemented ?algorithm_implementation)
    (explanatory_content_created ?content_creation)
    (feedback_sessions_organized ?feedback_collection)
  )

  (:action design_interactive_scenarios
    :parameters (?scenario_design)
    :precondition (basic_understanding)
    :effect (interactive_scenarios_designed ?scenario_design)
  )

  (:action develop_visualizations
    :parameters (?visualization_tools)
    :precondition (and (programming_skills) (graph_theory_understanding))
    :effect (visualizations_developed ?visualization_tools)
  )

  (:action implement_algorithm_simulations
    :parameters (?algorithm_implementation)
    :precondition (and (advanced_programming_skills) (algorithm_understanding))
    :effect (algorithm_simulations_implemented ?algorithm_implementation)
  )

  (:action create_explanatory_content
    :parameters (?content_creation)
    :precondition (complexity_theory_understanding)
    :effect (explanatory_content_created ?content_creation)
  )

  (:action organize_feedback_sessions
    :parameters (?feedback_collection)
    :precondition (user_base_ready)
    :effect (feedback_sessions_organized ?feedback_collection)
  )
)
