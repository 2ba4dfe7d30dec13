(define (domain computer-shop-marketing)
  (:requirements :strips)
  (:predicates
    (access-to-tech-news)
    (access-to-market-reports)
    (has-design-skills)
    (understands-marketing-principles)
    (knows-target-market)
    (has-distribution-channels)
    (understands-tech-trends)
    (promotional-materials-designed)
    (campaign-distributed)
  )

  (:action research
    :parameters (?latest-tech-trends - object ?computer-market - object)
    :precondition (and (access-to-tech-news) (access-to-market-reports))
    :effect (and (understands-tech-trends))
  )

  (:action design
    :parameters (?promotional-materials - object ?campaign - object)
    :precondition (and (has-design-skills) (understands-marketing-principles))
    :effect (and (promotional-materials-designed))
  )

  (:action select
    :parameters (?distribution-channels - object ?campaign-dissemination - object)
    :precondition (and (knows-target-market) (has-distribution-channels))
    :effect (and (campaign-distributed))
  )
)
