(define (domain xml_tracing_tutorial)
  (:requirements :strips)
  (:predicates 
    (need-for-tutorial)
    (knowledge-gathered)
    (tutorial-outlined)
    (debugging-tips-highlighted)
    (best-practices-included)
  )

  (:action gather
    :parameters ()
    :precondition (need-for-tutorial)
    :effect (and (knowledge-gathered)
                 (not (need-for-tutorial))))

  (:action outline
    :parameters ()
    :precondition (knowledge-gathered)
    :effect (and (tutorial-outlined)
                 (not (knowledge-gathered))))

  (:action highlight
    :parameters ()
    :precondition (tutorial-outlined)
    :effect (and (debugging-tips-highlighted)
                 (not (tutorial-outlined))))

  (:action include
    :parameters ()
    :precondition (debugging-tips-highlighted)
    :effect (and (best-practices-included)
                 (not (debugging-tips-highlighted))))
)
