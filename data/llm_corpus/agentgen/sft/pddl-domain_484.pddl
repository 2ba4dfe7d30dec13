(define (domain ai-enhancement-system)
  (:requirements :strips)
  (:predicates
    (machine-generated-text ?text)
    (text-meets-quality-standards ?text)
    (paper-ready-for-review ?paper)
    (review-generated ?paper)
    (survey-data-available ?survey)
    (communication-strategy-developed ?survey))

  (:action improve_text_quality
    :parameters (?text ?evaluation_criteria)
    :precondition (machine-generated-text ?text)
    :effect (text-meets-quality-standards ?text))

  (:action develop_review_advisor
    :parameters (?paper ?feedback)
    :precondition (paper-ready-for-review ?paper)
    :effect (review-generated ?paper))

  (:action enhance_human_ai_communication
    :parameters (?survey ?implementation_strategy)
    :precondition (survey-data-available ?survey)
    :effect (communication-strategy-developed ?survey))
)
