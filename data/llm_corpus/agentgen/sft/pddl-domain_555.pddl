(define (domain clipboard-utility)
  (:requirements :strips)
  (:predicates 
    (permissions-granted)
    (application-framework-ready)
    (utility-developed)
    (text-copied ?text)
    (interface-created ?buttonText ?functionality)
    (tested-on ?os)
  )

  (:action accessClipboard
    :parameters (?text)
    :precondition (permissions-granted)
    :effect (text-copied ?text)
  )

  (:action createUserInterface
    :parameters (?buttonText ?functionality)
    :precondition (application-framework-ready)
    :effect (interface-created ?buttonText ?functionality)
  )

  (:action testFunctionality
    :parameters (?os)
    :precondition (utility-developed)
    :effect (tested-on ?os)
  )
)
