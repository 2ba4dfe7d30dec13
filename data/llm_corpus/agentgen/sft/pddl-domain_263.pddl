(define (domain digital-transformation)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types
    current_payment_systems
    online_payment_platform
    public_awareness_campaign
    digital_literacy_training
    technological_needs
    user_friendly_interface ; Assuming these are the types used in actions and predicates
  )
  (:predicates
    (has-detailed-info ?cps - current_payment_systems)
    (has-web-dev-expertise)
    (has-ux-design-expertise)
    (understands-community-digital-literacy)
    (identified-tech-needs ?cps - current_payment_systems)
    (online-platform-designed ?op - online_payment_platform)
    (public-awareness-raised ?pac - public_awareness_campaign)
    (digital-literacy-improved ?dlt - digital_literacy_training)
    (platform-accessible-on-devices ?op - online_payment_platform)
    (platform-secure ?op - online_payment_platform)
    (public-ready)
  )

  (:action assess
    :parameters (?cps - current_payment_systems ?tn - technological_needs)
    :precondition (has-detailed-info ?cps)
    :effect (identified-tech-needs ?cps)
  )

  (:action design
    :parameters (?op - online_payment_platform ?ui - user_friendly_interface)
    :precondition (and (has-web-dev-expertise) (has-ux-design-expertise))
    :effect (and 
              (online-platform-designed ?op)
              (platform-accessible-on-devices ?op)
              (platform-secure ?op)
            )
  )

  (:action implement_public_awareness
    :parameters (?pac - public_awareness_campaign)
    :precondition (understands-community-digital-literacy)
    :effect (public-awareness-raised ?pac)
  )

  (:action implement_digital_literacy_training
    :parameters (?dlt - digital_literacy_training)
    :precondition (understands-community-digital-literacy)
    :effect (and 
              (digital-literacy-improved ?dlt)
              (public-ready)
            )
  )
)
