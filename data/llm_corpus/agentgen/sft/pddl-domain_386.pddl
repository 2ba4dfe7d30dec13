(define (domain detective-riddle)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    detective location ; Assuming location is a general type for simplicity
  )
  (:predicates
    (has-basic-understanding ?d - detective)
    (has-prefix-list ?d - detective)
    (has-infix-list ?d - detective)
    (has-suffix-list ?d - detective)
    (in-office ?d - detective)
    (in-town ?d - detective)
    (has-access-to-resources ?d - detective)
    (has-clear-understanding-of-rudeness ?d - detective)
    (riddle-solved ?d - detective)
  )

  (:action research_prefix_meaning
    :parameters (?d - detective)
    :precondition (and (in-office ?d) (has-access-to-resources ?d))
    :effect (has-prefix-list ?d)
  )

  (:action consult_locals_about_infix
    :parameters (?d - detective)
    :precondition (and (in-town ?d) (has-basic-understanding ?d))
    :effect (has-infix-list ?d)
  )

  (:action analyze_suffix_for_rude_words
    :parameters (?d - detective)
    :precondition (and (in-office ?d) (has-clear-understanding-of-rudeness ?d))
    :effect (has-suffix-list ?d)
  )

  (:action synthesize_riddle_solution
    :parameters (?d - detective)
    :precondition (and (in-office ?d) (has-prefix-list ?d) (has-infix-list ?d) (has-suffix-list ?d))
    :effect (riddle-solved ?d)
  )
)
