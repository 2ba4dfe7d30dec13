(define (domain poetic-expression)
  (:requirements :strips)
  (:types
    theme source structure style draft feedback
  )
  (:predicates
    (experienced-rhyming-challenge)
    (themes-identified ?themes - theme)
    (draft-created ?draft - draft)
    (draft-revised ?draft - draft)
    (poem-finalized)
    (clear-understanding ?themes - theme ?structure - structure ?style - style)
    (identified-improvements ?draft - draft)
    (satisfied-with-poem ?draft - draft)
  )

  (:action brainstormThemes
    :parameters (?themes - theme ?inspiration - source)
    :precondition (experienced-rhyming-challenge)
    :effect (themes-identified ?themes)
  )

  (:action draftPoem
    :parameters (?themes - theme ?structure - structure ?style - style ?draft - draft)
    :precondition (and (themes-identified ?themes) (clear-understanding ?themes ?structure ?style))
    :effect (draft-created ?draft)
  )

  (:action revisePoem
    :parameters (?draft - draft ?feedback - feedback)
    :precondition (and (draft-created ?draft) (identified-improvements ?draft))
    :effect (draft-revised ?draft)
  )

  (:action finalizePoem
    :parameters (?draft - draft)
    :precondition (and (draft-revised ?draft) (satisfied-with-poem ?draft))
    :effect (poem-finalized)
  )
)
