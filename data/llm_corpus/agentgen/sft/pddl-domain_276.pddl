(define (domain singleton-analysis)
  (:requirements :strips)
  (:predicates (basic-design-patterns-understanding)
               (singleton-analyzed)
               (case-study-success-analyzed)
               (case-study-failure-analyzed)
               (alternatives-explored)
               (global-state-impact-assessed)
               (guidelines-proposed))

  (:action analyze-singleton
    :parameters ()
    :precondition (basic-design-patterns-understanding)
    :effect (singleton-analyzed))

  (:action investigate-success-case
    :parameters ()
    :precondition (singleton-analyzed)
    :effect (case-study-success-analyzed))

  (:action analyze-failure-scenario
    :parameters ()
    :precondition (singleton-analyzed)
    :effect (case-study-failure-analyzed))

  (:action explore-alternatives
    :parameters ()
    :precondition (singleton-analyzed)
    :effect (alternatives-explored))

  (:action assess-global-state-impact
    :parameters ()
    :precondition (singleton-analyzed)
    :effect (global-state-impact-assessed))

  (:action propose-guidelines
    :parameters ()
    :precondition (and (case-study-success-analyzed) (case-study-failure-analyzed) 
                       (alternatives-explored) (global-state-impact-assessed))
    :effect (guidelines-proposed))
)
