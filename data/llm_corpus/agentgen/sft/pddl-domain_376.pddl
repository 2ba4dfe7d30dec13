(define (domain creative-reinterpretation)
  (:requirements :strips)
  (:predicates 
    (familiar-with-styles ?object) ; Assuming ?object represents the object familiar with styles
    (rewritten-in-seuss-style ?text) ; Assuming ?text represents the text rewritten in Seuss style
    (reinterpreted-in-king-style ?text) ; Assuming ?text represents the text reinterpreted in King style
  )

  (:action rewrite-in-style
    :parameters (?text) ; Assuming ?text is the text to be rewritten
    :precondition (familiar-with-styles ?text)
    :effect (and (rewritten-in-seuss-style ?text))
  )

  (:action reinterpret-theme
    :parameters (?text) ; Assuming ?text is the text to be reinterpreted
    :precondition (and (familiar-with-styles ?text) (rewritten-in-seuss-style ?text))
    :effect (and (reinterpreted-in-king-style ?text))
  )
)
