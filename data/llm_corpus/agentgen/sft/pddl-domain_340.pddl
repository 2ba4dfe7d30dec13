(define (domain groupon-advertising)
  (:requirements :strips)
  (:predicates
    (market-research-done)
    (deal-crafted ?deal)
    (parameters-set ?deal)
    (deal-ready ?deal)
    (targeted-marketing-done ?deal)
    (deal-published ?deal)
  )

  (:action craftdeal
    :parameters (?market_research ?deal_parameters ?promotional_strategy ?deal)
    :precondition (market-research-done)
    :effect (deal-crafted ?deal)
  )

  (:action setparameters
    :parameters (?deal ?pricing ?limitations ?description)
    :precondition (and (deal-crafted ?deal))
    :effect (and (parameters-set ?deal)
                 (deal-ready ?deal))
  )

  (:action targetmarketing
    :parameters (?deal ?customer_demographics ?marketing_channels)
    :precondition (and (deal-ready ?deal))
    :effect (targeted-marketing-done ?deal)
  )

  (:action publishdeal
    :parameters (?deal)
    :precondition (and (targeted-marketing-done ?deal))
    :effect (deal-published ?deal)
  )
)
