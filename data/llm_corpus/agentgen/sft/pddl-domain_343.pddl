(define (domain cowboy-culture)
  (:requirements :strips)
  (:predicates
    (has_access_to_information ?location)
    (learned_hat_etiquette ?individual)
    (owns_cowboy_hat ?individual)
    (comfortable_with_hat ?individual ?hat)
    (in_private ?location)
    (in_public ?location)
  )

  (:action learn_hat_etiquette
    :parameters (?location ?individual)
    :precondition (has_access_to_information ?location)
    :effect (learned_hat_etiquette ?individual)
  )

  (:action select_proper_hat
    :parameters (?location ?individual)
    :precondition (learned_hat_etiquette ?individual)
    :effect (owns_cowboy_hat ?individual)
  )

  (:action practice_wearing_hat_in_private
    :parameters (?location ?individual ?hat)
    :precondition (and (owns_cowboy_hat ?individual) (in_private ?location))
    :effect (comfortable_with_hat ?individual ?hat)
  )

  (:action practice_wearing_hat_in_public
    :parameters (?location ?individual ?hat)
    :precondition (and (comfortable_with_hat ?individual ?hat) (in_public ?location))
    :effect (and (comfortable_with_hat ?individual ?hat)) ; Assuming maintaining the state as the minimal effect
  )
)
