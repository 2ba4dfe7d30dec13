(define (domain posture-improvement)
  (:requirements :strips)
  (:predicates
    (need-for-guidance)
    (workstation-identified)
    (committed-to-exercise)
    (aware-of-posture)
    (consulted-physiotherapist)
    (workstation-adjusted)
    (exercises-incorporated)
    (mindfulness-practiced)
  )

  (:action consult
    :parameters (?physiotherapist)
    :precondition (need-for-guidance)
    :effect (and (consulted-physiotherapist)
                 (not (need-for-guidance))))

  (:action adjust_workstation
    :parameters (?equipment)
    :precondition (workstation-identified)
    :effect (and (workstation-adjusted)
                 (not (workstation-identified))))

  (:action incorporate_exercises
    :parameters (?routine)
    :precondition (and (committed-to-exercise) (consulted-physiotherapist))
    :effect (and (exercises-incorporated)
                 (not (committed-to-exercise))))

  (:action practice_mindfulness
    :parameters (?awareness)
    :precondition (aware-of-posture)
    :effect (and (mindfulness-practiced)
                 (not (aware-of-posture))))
)
