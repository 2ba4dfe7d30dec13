(define (domain social-dynamics)
  (:requirements :strips)
  (:predicates
    (database-of-social-interactions)
    (recognized-signs-of-interest)
    (access-to-interaction-dataset)
    (simulation-tools-available)
    (ai-developed)
    (ai-trained)
    (evaluation-mechanisms-in-place)
    (ai-understands-complexity)
    (ai-predicts-accurately)
    (improved-predictive-capabilities)
  )

  (:action analyze
    :parameters (?social-interactions ?behavioral-cues)
    :precondition (and (database-of-social-interactions) (recognized-signs-of-interest))
    :effect (and (ai-developed) (not (database-of-social-interactions)) (not (recognized-signs-of-interest))))

  (:action train
    :parameters (?ai-system ?interaction-patterns)
    :precondition (and (access-to-interaction-dataset) (simulation-tools-available))
    :effect (and (ai-trained) (ai-understands-complexity) (not (access-to-interaction-dataset)) (not (simulation-tools-available))))

  (:action evaluate
    :parameters (?ai-system ?prediction-accuracy)
    :precondition (and (ai-developed) (ai-trained) (evaluation-mechanisms-in-place))
    :effect (and (ai-predicts-accurately) (improved-predictive-capabilities) (not (evaluation-mechanisms-in-place))))
)
