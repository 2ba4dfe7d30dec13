(define (domain global-dining-etiquettes)
  (:requirements :strips)
  (:predicates
    (has-access-to-resources)
    (research-completed)
    (curriculum-designed)
    (workshop-conducted)
    (feedback-gathered)
    (venue-and-audience-secured)
  )

  (:action research
    :parameters (?global-etiquettes ?indian-practice)
    :precondition (has-access-to-resources)
    :effect (and (research-completed)
                 (not (has-access-to-resources))))

  (:action design
    :parameters (?workshop-curriculum ?cultural-sensitivity)
    :precondition (research-completed)
    :effect (and (curriculum-designed)
                 (not (research-completed))))

  (:action conduct
    :parameters (?educational-workshop ?diverse-audience)
    :precondition (and (curriculum-designed) (venue-and-audience-secured))
    :effect (and (workshop-conducted)
                 (not (curriculum-designed))
                 (not (venue-and-audience-secured))))

  (:action gather
    :parameters (?participant-feedback ?workshop-effectiveness)
    :precondition (workshop-conducted)
    :effect (and (feedback-gathered)
                 (not (workshop-conducted))))
)
