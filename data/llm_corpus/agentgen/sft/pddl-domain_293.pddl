(define (domain dawah-guide)
  (:requirements :strips)
  (:predicates
    (understands-concept ?reader)
    (motivated ?reader)
    (has-comprehensive-understanding ?concept)
    (story-authentic ?story)
    (lesson-articulated ?lesson)
  )

  (:action explainconcept
    :parameters (?reader ?concept ?context ?explanation)
    :precondition (has-comprehensive-understanding ?concept)
    :effect (understands-concept ?reader)
  )

  (:action sharestories
    :parameters (?reader ?story ?lesson)
    :precondition (and (story-authentic ?story) (lesson-articulated ?lesson))
    :effect (motivated ?reader)
  )
)
