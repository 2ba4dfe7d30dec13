(define (domain telehealth-staph-management)
  (:requirements :strips :typing)
  (:types plan treatment feedback intensity patient)

  (:predicates
    (following ?p - patient ?pl - plan)
    (received-treatment ?p - patient ?t - treatment)
    (provided-feedback ?p - patient ?f - feedback ?t - treatment)
    (treatment-intensity ?t - treatment ?i - intensity)
  )

  (:action select_treatment_plan
    :parameters (?p - patient ?cpl - plan ?npl - plan)
    :precondition (following ?p ?cpl)
    :effect (and (following ?p ?npl)
                 (not (following ?p ?cpl))))

  (:action customize_treatment
    :parameters (?t - treatment ?p - patient ?f - feedback)
    :precondition (and (received-treatment ?p ?t) (provided-feedback ?p ?f ?t))
    :effect (and ; Assuming the effect is to mark the treatment as customized, 
                 ; but specifics depend on the feedback and are not detailed here.
    ))

  (:action adjust_treatment_intensity_based_on_feedback
    :parameters (?t - treatment ?p - patient ?i - intensity ?f - feedback)
    :precondition (and (received-treatment ?p ?t) (provided-feedback ?p ?f ?t))
    :effect (and (treatment-intensity ?t ?i)
                 ; Assuming the effect is to adjust the intensity, 
                 ; specifics of adjustment (increase, decrease, maintain) are not detailed here.
    ))
)
