(define (domain cross-platform-utility)
  (:requirements :strips)
  (:predicates 
    (os-detected ?os) ; Predicate to check if the OS has been detected
    (document-valid ?doc) ; Predicate to check if the document path is valid
    (document-opened ?doc) ; Predicate to indicate that the document is opened
    (log-entry ?action ?status) ; Predicate to log actions and their status
  )

  (:action detect_operating_system
    :parameters (?os)
    :precondition (and) ; Added an empty precondition for consistency
    :effect (and 
              (os-detected ?os)
             )
  )

  (:action open_document
    :parameters (?doc ?os)
    :precondition (and 
                    (os-detected ?os) 
                    (document-valid ?doc)
                   )
    :effect (and 
              (document-opened ?doc)
             )
  )

  (:action log_action
    :parameters (?action ?status)
    :precondition (and) ; Although not necessary, added for clarity
    :effect (and 
              (log-entry ?action ?status)
             )
  )
)
