(define (domain server-maintenance)
  (:requirements :strips :typing)
  (:types
    volume
    application
  )
  (:predicates
    (mounted ?v - volume)
    (using ?a - application ?v - volume)
    (running ?a - application)
    (dataFlushed ?v - volume)
    (dismounted ?v - volume)
    (verifiedDismount ?v - volume)
  )

  (:action checkApplicationsUsingVolume
    :parameters (?v - volume)
    :precondition (mounted ?v)
    :effect (and)
  )

  (:action closeApplication
    :parameters (?a - application)
    :precondition (running ?a)
    :effect (and (not (running ?a)))
  )

  (:action flushDataToDisk
    :parameters (?v - volume)
    :precondition (mounted ?v)
    :effect (and (dataFlushed ?v))
  )

  (:action dismountVolume
    :parameters (?v - volume ?a - application)
    :precondition (and (not (using ?a ?v)) (dataFlushed ?v))
    :effect (and (dismounted ?v) (not (mounted ?v)))
  )

  (:action verifyDismount
    :parameters (?v - volume)
    :precondition (dismounted ?v)
    :effect (and (verifiedDismount ?v))
  )
)
