(define (domain narrative-confusion)
  (:requirements :strips)
  (:predicates (introduced ?element)
               (confused ?reader)
               (clarified ?connection)
               (serves-plot ?element)
               (contributes-to-resolution ?connection)
               (plot-resolved))

  (:action introduce
    :parameters (?element ?reader)
    :precondition (serves-plot ?element)
    :effect (and (introduced ?element)
                 (confused ?reader)))

  (:action clarify
    :parameters (?connection ?reader)
    :precondition (and (not (confused ?reader))
                       (contributes-to-resolution ?connection))
    :effect (and (clarified ?connection)
                 (plot-resolved)))
)
