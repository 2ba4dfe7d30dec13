(define (domain magical-forest-adventure)
  (:requirements :strips)
  (:predicates
    (listened-to-word ?word)
    (understood-context ?word ?context)
    (visualized-word ?word ?context ?technique)
    (engaged-with-story)
    (willing-to-imagine)
    (story-progressed ?outcome)
    (obstacle-overcome ?outcome)
    (achievement-felt)
  )

  (:action spellword
    :parameters (?word ?context ?technique ?outcome) ; Corrected by adding ?technique
    :precondition (and (listened-to-word ?word) 
                       (understood-context ?word ?context) 
                       (visualized-word ?word ?context ?technique))
    :effect (and (story-progressed ?outcome) 
                 (obstacle-overcome ?outcome) 
                 (achievement-felt)))

  (:action visualizecontext
    :parameters (?word ?context ?technique)
    :precondition (and (engaged-with-story) 
                       (willing-to-imagine))
    :effect (visualized-word ?word ?context ?technique)
  )
)
