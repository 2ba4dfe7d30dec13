(define (domain web-tracking)
  (:requirements :strips :typing)
  (:types tracking_mechanism website browser data user_behavior)
  
  (:predicates
    (basic-js-knowledge)
    (access-to-source ?website - website)
    (tracking-implemented ?mechanism - tracking_mechanism ?website - website)
    (tested-in-browser ?mechanism - tracking_mechanism ?browser - browser)
    (data-collected ?data - data)
    (analytical-tools-available)
    (insights-gained ?data - data)
  )

  (:action implement
    :parameters (?mechanism - tracking_mechanism ?website - website)
    :precondition (and (basic-js-knowledge) (access-to-source ?website))
    :effect (and (tracking-implemented ?mechanism ?website))
  )

  (:action test
    :parameters (?mechanism - tracking_mechanism ?website - website ?browser - browser)
    :precondition (and (tracking-implemented ?mechanism ?website))
    :effect (and (tested-in-browser ?mechanism ?browser))
  )

  (:action analyze
    :parameters (?data - data ?behavior - user_behavior)
    :precondition (and (data-collected ?data) (analytical-tools-available))
    :effect (and (insights-gained ?data))
  )
)
