(define (domain customer_service)
  (:requirements :strips)
  (:predicates
    (access-to-order-details)
    (delivery-system-checked)
    (cause-identified)
    (customer-contact-info-available)
    (customer-informed)
    (understand-customer-preferences)
    (solutions-available)
    (resolution-offered)
    (resolution-implemented)
    (follow-up-completed)
  )

  (:action identifyDelayCause
    :parameters (?order-details)
    :precondition (and (access-to-order-details) (delivery-system-checked))
    :effect (and (cause-identified)
                 (not (access-to-order-details))
                 (not (delivery-system-checked))))

  (:action communicateDelay
    :parameters (?customer-contact ?delay-explanation)
    :precondition (and (cause-identified) (customer-contact-info-available))
    :effect (and (customer-informed)
                 (not (cause-identified))
                 (not (customer-contact-info-available))))

  (:action offerResolution
    :parameters (?customer-preferences ?available-solutions)
    :precondition (and (understand-customer-preferences) (solutions-available) (customer-informed))
    :effect (and (resolution-offered)
                 (not (understand-customer-preferences))
                 (not (solutions-available))
                 (not (customer-informed))))

  (:action followUp
    :parameters (?customer-contact ?resolution-details)
    :precondition (and (resolution-offered) (resolution-implemented) (customer-contact-info-available))
    :effect (and (follow-up-completed)
                 (not (resolution-offered))
                 (not (resolution-implemented))
                 (not (customer-contact-info-available))))
)
