(define (domain brain-cell-migration)
  (:requirements :strips)
  (:predicates
    (basic-understanding)
    (researched-cell-types-and-mechanisms)
    (evaluated-developmental-and-repair-stages)
    (analyzed-pathways-and-signals)
    (investigated-implications)
  )

  (:action research
    :parameters ()
    :precondition (basic-understanding)
    :effect (and (researched-cell-types-and-mechanisms)
                 (not (basic-understanding))))

  (:action evaluate
    :parameters ()
    :precondition (researched-cell-types-and-mechanisms)
    :effect (and (evaluated-developmental-and-repair-stages)
                 (not (researched-cell-types-and-mechanisms))))

  (:action analyze
    :parameters ()
    :precondition (evaluated-developmental-and-repair-stages)
    :effect (and (analyzed-pathways-and-signals)
                 (not (evaluated-developmental-and-repair-stages))))

  (:action investigate
    :parameters ()
    :precondition (analyzed-pathways-and-signals)
    :effect (and (investigated-implications)
                 (not (analyzed-pathways-and-signals))))
)
