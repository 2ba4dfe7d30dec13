(define (domain webapp-development)
  (:requirements :strips)
  (:predicates
    (recognized-content-type ?ct)
    (content-type-not-set ?req)
    (server-supports ?server ?ct)
    (browser-compatibility ?browser ?ct)
    (content-type-set ?req ?ct)
    (data-in-json ?data)
    (data-sent ?req ?data)
    (data-received ?resp ?data)
    (alternative-action-available ?server ?action)
  )

  (:action setContentType
    :parameters (?req ?ct)
    :precondition (and (recognized-content-type ?ct) (content-type-not-set ?req))
    :effect (and (content-type-set ?req ?ct) (not (content-type-not-set ?req))))

  (:action validateContentType
    :parameters (?server ?ct)
    :precondition (recognized-content-type ?ct)
    :effect (server-supports ?server ?ct))

  (:action chooseContentType
    :parameters (?browser ?ct)
    :precondition (browser-compatibility ?browser ?ct)
    :effect (recognized-content-type ?ct))

  (:action sendData
    :parameters (?req ?data ?ct ?server)
    :precondition (and (data-in-json ?data) (content-type-set ?req ?ct) (server-supports ?server ?ct))
    :effect (data-sent ?req ?data))

  (:action receiveData
    :parameters (?resp ?req ?data ?ct) ; Corrected to include ?req in the parameters
    :precondition (and (data-sent ?req ?data) (content-type-set ?req ?ct))
    :effect (data-received ?resp ?data))

  (:action handleIncompatibility
    :parameters (?server ?action ?ct ?newct) ; Corrected to include ?newct as a parameter
    :precondition (and (not (server-supports ?server ?ct)) (alternative-action-available ?server ?action))
    :effect (and (recognized-content-type ?newct) (server-supports ?server ?newct)))
)
