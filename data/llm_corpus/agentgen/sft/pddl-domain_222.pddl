(define (domain linguistic-creativity)
  (:requirements :strips)
  (:predicates
    (has-starting-letter ?l)
    (has-word-limit ?limit)
    (text-generated ?text)
    (text-to-analyze ?text)
    (feedback-available ?feedback)
  )

  (:action generate_text
    :parameters (?l ?limit ?text)
    :precondition (and (has-starting-letter ?l) (has-word-limit ?limit))
    :effect (and (text-generated ?text) (text-to-analyze ?text))
  )

  (:action analyze_creativity
    :parameters (?text ?feedback)
    :precondition (text-to-analyze ?text)
    :effect (and (feedback-available ?feedback))
  )

  (:action assess_coherence
    :parameters (?text ?feedback)
    :precondition (text-to-analyze ?text)
    :effect (and (feedback-available ?feedback))
  )

  (:action evaluate_constraint_adherence
    :parameters (?text ?l ?feedback)
    :precondition (and (text-to-analyze ?text) (has-starting-letter ?l))
    :effect (and (feedback-available ?feedback))
  )

  (:action improve_generation_algorithm
    :parameters (?feedback)
    :precondition (feedback-available ?feedback)
    :effect (and (not (feedback-available ?feedback)))
  )
)
