(define (domain twenty_questions)
  (:requirements :strips :typing) ; Confirming that :typing is indeed required.
  (:types
    question
    response
    animal
  )
  (:predicates
    (database-ready)
    (question-asked ?q - question)
    (response-received ?r - response)
    (potential-animals ?a - animal)
    (guess-made ?g - animal)
    (under-20-questions)
    (final-guess ?g - animal)
  )

  (:action ask
    :parameters (?q - question ?a - animal)
    :precondition (database-ready)
    :effect (and (question-asked ?q)
                 (not (database-ready))
                 (potential-animals ?a))
  )

  (:action analyze
    :parameters (?q - question ?r - response ?a - animal) ; Corrected by adding ?q - question
    :precondition (and (question-asked ?q) (response-received ?r))
    :effect (and (not (question-asked ?q))
                 (database-ready)
                 (potential-animals ?a))
  )

  (:action guess
    :parameters (?g - animal)
    :precondition (and (under-20-questions) (potential-animals ?g))
    :effect (and (guess-made ?g)
                 (not (under-20-questions))
                 (final-guess ?g))
  )
)
