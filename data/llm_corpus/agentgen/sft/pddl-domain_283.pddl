(define (domain ajax-requests)
  (:requirements :strips)
  (:predicates
    (ajax-request-initiated)
    (ajax-request-completed)
    (spinner-shown ?location)
    (spinner-hidden ?location)
    (valid-url ?url)
    (internet-access)
    (data-retrieved ?url)
    (data-submitted ?url)
  )

  (:action showSpinner
    :parameters (?location)
    :precondition (ajax-request-initiated)
    :effect (and (spinner-shown ?location)
                 (not (spinner-hidden ?location))))

  (:action hideSpinner
    :parameters (?location)
    :precondition (ajax-request-completed)
    :effect (and (spinner-hidden ?location)
                 (not (spinner-shown ?location))))

  (:action makeRequest
    :parameters (?url ?data ?location)
    :precondition (and (valid-url ?url) (internet-access))
    :effect (and (ajax-request-initiated)
                 (spinner-shown ?location)
                 (data-retrieved ?url)
                 (data-submitted ?url)
                 (ajax-request-completed)
                 (spinner-hidden ?location)))
)
