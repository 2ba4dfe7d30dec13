(define (domain educational-program)
  (:requirements :strips)
  (:predicates
    (access-to-historical-databases)
    (access-to-psychological-studies)
    (access-to-expert-interviews)
    (understanding-of-educational-goals)
    (curriculum-finalized)
    (teachers-trained)
    (evaluation-criteria-established)
    (well-rounded-understanding ?topic)
    (engaging-and-informative-program ?program)
    (enriched-learning-environment ?environment)
    (ability-to-make-informed-adjustments ?program)
  )

  (:action research
    :parameters (?historical-conflicts ?psychological-impacts)
    :precondition (and (access-to-historical-databases)
                       (access-to-psychological-studies)
                       (access-to-expert-interviews))
    :effect (well-rounded-understanding ?historical-conflicts)
  )

  (:action develop
    :parameters (?curriculum ?lesson-plans)
    :precondition (and (understanding-of-educational-goals)
                       (well-rounded-understanding ?curriculum))
    :effect (engaging-and-informative-program ?curriculum)
  )

  (:action facilitate
    :parameters (?classroom-discussions ?interactive-activities)
    :precondition (and (curriculum-finalized)
                       (teachers-trained))
    :effect (enriched-learning-environment ?classroom-discussions)
  )

  (:action evaluate
    :parameters (?student-engagement ?program-effectiveness)
    :precondition (and (evaluation-criteria-established)
                       (engaging-and-informative-program ?student-engagement))
    :effect (ability-to-make-informed-adjustments ?student-engagement)
  )
)
