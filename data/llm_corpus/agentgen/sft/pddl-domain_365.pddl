(define (domain apple-coring)
  (:requirements :strips)
  (:predicates
    (understands-tool-selection)
    (core-removed ?apple)
    (apple-prepared ?apple ?purpose)
    (safety-precautions-understood)
    (variety-of-techniques-covered)
  )

  (:action select-appropriate-tool
    :parameters (?apple ?tool ?purpose)
    :precondition (understands-tool-selection)
    :effect (and (core-removed ?apple)
                 (apple-prepared ?apple ?purpose))
  )

  (:action use-handheld-corer
    :parameters (?apple ?purpose)
    :precondition (and (safety-precautions-understood)
                       (not (core-removed ?apple)))
    :effect (and (core-removed ?apple)
                 (apple-prepared ?apple ?purpose))
  )

  (:action use-knife
    :parameters (?apple)
    :precondition (and (safety-precautions-understood)
                       (not (core-removed ?apple)))
    :effect (core-removed ?apple)
  )

  (:action use-corer-slicer
    :parameters (?apple ?purpose)
    :precondition (and (safety-precautions-understood)
                       (not (apple-prepared ?apple ?purpose)))
    :effect (apple-prepared ?apple ?purpose)
  )

  (:action prepare-for-pies
    :parameters (?apple ?purpose)
    :precondition (and (safety-precautions-understood)
                       (not (apple-prepared ?apple ?purpose)))
    :effect (apple-prepared ?apple ?purpose)
  )

  (:action core-for-sauce
    :parameters (?apple ?purpose)
    :precondition (and (safety-precautions-understood)
                       (not (apple-prepared ?apple ?purpose)))
    :effect (apple-prepared ?apple ?purpose)
  )

  (:action use-peeling-machine
    :parameters (?apple ?purpose)
    :precondition (and (safety-precautions-understood)
                       (not (apple-prepared ?apple ?purpose)))
    :effect (apple-prepared ?apple ?purpose)
  )
)
