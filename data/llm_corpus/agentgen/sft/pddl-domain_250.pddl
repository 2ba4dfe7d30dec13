(define (domain legislative-analysis)
  (:requirements :strips)
  (:types
    proposal object
    year object
    politicalFigure object
  )
  (:predicates
    (claim-made)
    (data-gathered ?proposal - proposal)
    (proposal-analyzed ?proposal - proposal)
    (claim-evaluated ?proposal - proposal)
  )

  (:action gatherData
    :parameters (?proposal - proposal ?year - year ?politicalFigure - politicalFigure)
    :precondition (claim-made)
    :effect (data-gathered ?proposal)
  )

  (:action analyzeProposal
    :parameters (?proposal - proposal ?politicalStatements - object ?legislativeActions - object)
    :precondition (data-gathered ?proposal)
    :effect (proposal-analyzed ?proposal)
  )

  (:action evaluateClaim
    :parameters (?proposal - proposal)
    :precondition (proposal-analyzed ?proposal)
    :effect (claim-evaluated ?proposal)
  )
)
