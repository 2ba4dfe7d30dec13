(define (domain locker-orientation)
  (:requirements :strips :typing) ; Confirming that :typing is indeed required.
  (:types student) ; Correctly defining the 'student' type.
  (:predicates
    (locker-assigned ?s - student)
    (knows-lock-operation ?s - student)
    (understands-security ?s - student)
    (engaged-in-simulation ?s - student)
    (has-basic-understanding ?s - student)
  )

  (:action demonstrate
    :parameters (?s - student)
    :precondition (locker-assigned ?s)
    :effect (and (knows-lock-operation ?s)
                 (not (locker-assigned ?s))))

  (:action educate
    :parameters (?s - student)
    :precondition (knows-lock-operation ?s)
    :effect (and (understands-security ?s)
                 (not (knows-lock-operation ?s))))

  (:action simulate
    :parameters (?s - student)
    :precondition (and (engaged-in-simulation ?s) (has-basic-understanding ?s))
    :effect (and (knows-lock-operation ?s)
                 (understands-security ?s)
                 (not (engaged-in-simulation ?s))))
)
