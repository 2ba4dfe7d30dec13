(define (domain becoming-hot)
  (:requirements :strips)
  (:predicates
    (committed)
    (has-resources)
    (understands-style)
    (financially-ready)
    (willing-to-socialize)
    (has-social-resources)
    (physically-improved)
    (fashion-improved)
    (socially-improved)
  )

  (:action improve_physical_health
    :parameters ()
    :precondition (and (committed) (has-resources))
    :effect (and (physically-improved)
                 (not (committed)) ; Assuming commitment is specific to starting the improvement process
                 (not (has-resources)) ; Resources are consumed in the process
    )
  )

  (:action refine_fashion_sense
    :parameters ()
    :precondition (and (understands-style) (financially-ready))
    :effect (and (fashion-improved)
                 (not (financially-ready)) ; Financial resources are consumed
    )
  )

  (:action enhance_social_skills
    :parameters ()
    :precondition (and (willing-to-socialize) (has-social-resources))
    :effect (and (socially-improved)
                 (not (has-social-resources)) ; Assuming social resources are consumed/transformed
    )
  )
)
