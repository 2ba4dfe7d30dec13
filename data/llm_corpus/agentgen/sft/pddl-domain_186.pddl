(define (domain monkey-literature)
  (:requirements :strips :typing)
  (:types monkey writing_sample panel_of_scientists experiment_setup recognition)
  (:predicates
    (has-writing-sample ?m - monkey)
    (scientists-considering ?m - monkey)
    (opportunity-to-prove ?m - monkey)
    (recognized-for-intelligence ?m - monkey)
  )

  (:action demonstrate_writing_skills
    :parameters (?m - monkey ?ws - writing_sample)
    :precondition (and)
    :effect (and (has-writing-sample ?m))
  )

  (:action convince_scientists
    :parameters (?m - monkey ?ps - panel_of_scientists)
    :precondition (and (has-writing-sample ?m))
    :effect (and (scientists-considering ?m))
  )

  (:action participate_experiment
    :parameters (?m - monkey ?es - experiment_setup)
    :precondition (and (scientists-considering ?m))
    :effect (and (opportunity-to-prove ?m))
  )

  (:action get_recognition
    :parameters (?m - monkey ?r - recognition)
    :precondition (and (opportunity-to-prove ?m))
    :effect (and (recognized-for-intelligence ?m))
  )
)
