(define (domain stock-price-tracker)
  (:requirements :strips)
  (:predicates (access-to-websocket-api)
               (websocket-connection-established)
               (receiving-data)
               (data-parsed)
               (display-ready))

  (:action establish-websocket-connection
    :parameters ()
    :precondition (access-to-websocket-api)
    :effect (and (websocket-connection-established)
                 (not (access-to-websocket-api))
                 (receiving-data)))

  (:action parse-stock-data
    :parameters ()
    :precondition (receiving-data)
    :effect (and (data-parsed)
                 (not (receiving-data))))

  (:action display-stock-price
    :parameters ()
    :precondition (data-parsed)
    :effect (and (display-ready)
                 (not (data-parsed))))
)
