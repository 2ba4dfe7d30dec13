(define (domain embedding-analysis)
  (:requirements :strips :typing)
  (:types embeddingtype securitylogic embeddingchoice criteria embedding strategy)
  (:predicates
    (identified-logic ?logic - securitylogic)
    (aware-of-embeddings)
    (need-to-switch ?from - embedding ?to - embedding)
    (evaluated ?embedding - embeddingtype ?logic - securitylogic)
    (researched ?choice - embeddingchoice ?criteria - criteria)
    (explored-transition ?from - embedding ?to - embedding ?strategy - strategy)
  )

  (:action evaluateembeddingapproach
    :parameters (?embedding - embeddingtype ?logic - securitylogic)
    :precondition (identified-logic ?logic)
    :effect (evaluated ?embedding ?logic)
  )

  (:action researchguidelines
    :parameters (?choice - embeddingchoice ?criteria - criteria)
    :precondition (aware-of-embeddings)
    :effect (researched ?choice ?criteria)
  )

  (:action exploretransitionmethods
    :parameters (?from - embedding ?to - embedding ?strategy - strategy)
    :precondition (need-to-switch ?from ?to)
    :effect (explored-transition ?from ?to ?strategy)
  )
)
