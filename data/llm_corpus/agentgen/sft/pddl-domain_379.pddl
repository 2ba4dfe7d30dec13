(define (domain angular-global-state)
  (:requirements :strips)
  (:predicates
    (angular-app-setup)
    (service-module-imported)
    (service-initialized ?service)
    (user-session-set ?service)
    (user-session-accessible ?service)
  )

  (:action initializeService
    :parameters (?service)
    :precondition (and (angular-app-setup) (service-module-imported))
    :effect (and (service-initialized ?service)))

  (:action setUserSession
    :parameters (?service ?userSessionData)
    :precondition (service-initialized ?service)
    :effect (and (user-session-set ?service)))

  (:action accessUserSession
    :parameters (?service)
    :precondition (and (service-initialized ?service) (user-session-set ?service))
    :effect (user-session-accessible ?service))
)
