(define (domain musical-ability-research)
  (:requirements :strips)
  (:predicates
    (basic-understanding-genetics)
    (basic-understanding-neuroscience)
    (basic-understanding-psychology)
    (research-questions-identified)
    (genetic-markers-identified)
    (brain-structures-functions-analyzed)
    (environmental-influences-assessed)
    (psychological-traits-linked)
    (savant-absolute-pitch-studied)
    (methodologies-isolating-genetics-environment-developed)
    (cognitive-motor-interaction-analyzed)
    (implications-understood)
  )

  (:action identify-research-questions
    :parameters ()
    :precondition (and (basic-understanding-genetics)
                       (basic-understanding-neuroscience)
                       (basic-understanding-psychology))
    :effect (research-questions-identified)
  )

  (:action study-genetic-markers
    :parameters ()
    :precondition (research-questions-identified)
    :effect (genetic-markers-identified)
  )

  (:action analyze-brain-structures-functions
    :parameters ()
    :precondition (research-questions-identified)
    :effect (brain-structures-functions-analyzed)
  )

  (:action assess-environmental-influences
    :parameters ()
    :precondition (research-questions-identified)
    :effect (environmental-influences-assessed)
  )

  (:action link-psychological-traits
    :parameters ()
    :precondition (research-questions-identified)
    :effect (psychological-traits-linked)
  )

  (:action study-savant-absolute-pitch
    :parameters ()
    :precondition (research-questions-identified)
    :effect (savant-absolute-pitch-studied)
  )

  (:action develop-methodologies-isolating-genetics-environment
    :parameters ()
    :precondition (research-questions-identified)
    :effect (methodologies-isolating-genetics-environment-developed)
  )

  (:action analyze-cognitive-motor-interaction
    :parameters ()
    :precondition (research-questions-identified)
    :effect (cognitive-motor-interaction-analyzed)
  )

  (:action understand-implications
    :parameters ()
    :precondition (research-questions-identified)
    :effect (implications-understood)
  )
)
