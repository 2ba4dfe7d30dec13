(define (domain international-law-education)
  (:requirements :strips :typing)
  (:types person module legal_framework conflict_case_study scenario)
  (:predicates
    (completed-module ?user - person ?module - module)
    (explored ?user - person ?framework - legal_framework)
    (analyzed ?user - person ?case_study - conflict_case_study)
    (participated-in-debate ?user - person ?scenario - scenario)
    (has-basic-understanding ?user - person)
    (has-advanced-understanding ?user - person)
  )

  (:action explore
    :parameters (?user - person ?framework - legal_framework ?module - module)
    :precondition (completed-module ?user ?module)
    :effect (explored ?user ?framework)
  )

  (:action analyze
    :parameters (?user - person ?case_study - conflict_case_study ?framework - legal_framework)
    :precondition (and (has-basic-understanding ?user) (explored ?user ?framework))
    :effect (analyzed ?user ?case_study)
  )

  (:action debate
    :parameters (?user - person ?scenario - scenario ?case_study - conflict_case_study)
    :precondition (and (has-advanced-understanding ?user) (analyzed ?user ?case_study))
    :effect (participated-in-debate ?user ?scenario)
  )
)
