(define (domain surgical-assistance)
  (:requirements :strips)
  (:types instrument patient documentation sterilizer table cleaner procedure)
  
  (:predicates
    (is-ready ?p - patient)
    (documentation-complete ?d - documentation)
    (sterilized ?i - instrument)
    (sterilizer-full ?s - sterilizer)
    (table-has-instrument ?t - table)
    (patient-prepared ?p - patient)
    (procedure-in-progress ?proc - procedure)
    (procedure-completed ?proc - procedure)
    (instrument-used ?i - instrument)
    (cleaner-not-consumed ?c - cleaner)
    (instrument-on-table ?i - instrument ?t - table)
    (patient-on-table ?p - patient ?t - table)
  )

  (:action sterilizeinstruments
    :parameters (?i - instrument ?s - sterilizer)
    :precondition (and (not (sterilized ?i)) (not (sterilizer-full ?s)))
    :effect (and (sterilized ?i) (sterilizer-full ?s))
  )

  (:action preparepatient
    :parameters (?p - patient ?d - documentation)
    :precondition (and (is-ready ?p) (documentation-complete ?d))
    :effect (patient-prepared ?p)
  )

  (:action setupoperatingtable
    :parameters (?i - instrument ?t - table)
    :precondition (and (sterilized ?i) (not (table-has-instrument ?t)))
    :effect (and (table-has-instrument ?t) (instrument-on-table ?i ?t))
  )

  (:action beginprocedure
    :parameters (?p - patient ?t - table ?i - instrument ?proc - procedure)
    :precondition (and (patient-prepared ?p) (table-has-instrument ?t) (patient-on-table ?p ?t))
    :effect (and (procedure-in-progress ?proc) (instrument-used ?i))
  )

  (:action completeprocedure
    :parameters (?p - patient ?proc - procedure)
    :precondition (procedure-in-progress ?proc)
    :effect (and (procedure-completed ?proc) (not (procedure-in-progress ?proc)))
  )

  (:action cleaninstruments
    :parameters (?i - instrument ?c - cleaner)
    :precondition (and (instrument-used ?i) (cleaner-not-consumed ?c))
    :effect (and (not (instrument-used ?i)) (not (cleaner-not-consumed ?c)) (sterilized ?i))
  )
)
