(define (domain bash-debugging)
  (:requirements :strips)
  (:predicates (function-executing ?f)
               (name-captured ?f)
               (name-displayed ?f))

  (:action capture
    :parameters (?f)
    :precondition (function-executing ?f)
    :effect (and (name-captured ?f)
                 (not (function-executing ?f))))

  (:action display
    :parameters (?f)
    :precondition (name-captured ?f)
    :effect (and (name-displayed ?f)
                 (not (name-captured ?f)))))
