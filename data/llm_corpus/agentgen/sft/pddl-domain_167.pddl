(define (domain narrative-assist)
  (:requirements :strips)
  (:predicates
    (database-of-literary-works)
    (understanding-of-narrative-techniques)
    (access-to-literary-database)
    (tools-for-literary-analysis)
    (ai-developed)
    (ai-trained)
    (mechanisms-for-evaluation)
    (ai-understands-literary-devices)
    (ai-capable-of-suggesting-structures)
    (ai-capable-of-evaluating-suggestions)
  )

  (:action analyze
    :parameters (?narrative-structure - object ?emotional-tone - object)
    :precondition (and (database-of-literary-works) (understanding-of-narrative-techniques))
    :effect (and (ai-capable-of-suggesting-structures))
  )

  (:action train
    :parameters (?ai-system - object ?literary-devices - object)
    :precondition (and (access-to-literary-database) (tools-for-literary-analysis))
    :effect (and (ai-understands-literary-devices))
  )

  (:action evaluate
    :parameters (?ai-system - object ?creative-suggestions - object)
    :precondition (and (ai-developed) (ai-trained) (mechanisms-for-evaluation))
    :effect (and (ai-capable-of-evaluating-suggestions))
  )
)
