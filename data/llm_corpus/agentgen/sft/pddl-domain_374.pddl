(define (domain sports-science-research)
  (:requirements :strips)
  (:predicates
    (clear-research-question)
    (hypothesis-formulated)
    (participants-recruited)
    (equipment-ready)
    (experiments-conducted)
    (data-collected)
    (data-analyzed)
    (study-designed ?study)
    (participants ?participants)
    (measurements-ready)
  )

  (:action design-research-study
    :parameters (?study)
    :precondition (and (clear-research-question) (hypothesis-formulated))
    :effect (and (study-designed ?study)
                 (not (clear-research-question))
                 (not (hypothesis-formulated))))

  (:action recruit-participants
    :parameters (?participants ?study)
    :precondition (and (study-designed ?study))
    :effect (and (participants-recruited)
                 (not (study-designed ?study))))

  (:action prepare-measurements
    :parameters ()
    :precondition (participants-recruited)
    :effect (and (equipment-ready)
                 (measurements-ready)
                 (not (participants-recruited))))

  (:action conduct-experiments
    :parameters ()
    :precondition (and (equipment-ready) (measurements-ready))
    :effect (and (experiments-conducted)
                 (data-collected)
                 (not (equipment-ready))
                 (not (measurements-ready))))

  (:action analyze-data
    :parameters ()
    :precondition (data-collected)
    :effect (and (data-analyzed)
                 (not (data-collected))))
)
