(define (domain deathstar-security)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types stormtrooper incident location workstation officers fellow_stormtroopers) ; Assuming officers and fellow_stormtroopers are types
  (:predicates
    (access-to-security-archives ?s - stormtrooper)
    (known-incident-timeframe ?i - incident)
    (reviewed-security-footage ?s - stormtrooper ?i - incident)
    (witness-statements-gathered ?s - stormtrooper ?i - incident)
    (report-compiled ?s - stormtrooper ?i - incident)
    (at-location ?s - stormtrooper ?l - location)
    (has-workstation-access ?s - stormtrooper ?w - workstation)
    (has-detailed-understanding ?s - stormtrooper ?i - incident)
    (has-witness-statements ?s - stormtrooper ?i - incident)
    (has-comprehensive-report ?s - stormtrooper ?i - incident)
  )

  (:action review_security_footage
    :parameters (?l - location ?s - stormtrooper ?i - incident)
    :precondition (and (at-location ?s ?l) 
                       (access-to-security-archives ?s) 
                       (known-incident-timeframe ?i))
    :effect (and (reviewed-security-footage ?s ?i)
                 (has-detailed-understanding ?s ?i)))

  (:action gather_witness_statements
    :parameters (?l - location ?s - stormtrooper ?o - officers ?f - fellow_stormtroopers ?i - incident) ; Assuming officers and fellow_stormtroopers are intended types
    :precondition (and (at-location ?s ?l) 
                       (reviewed-security-footage ?s ?i))
    :effect (and (witness-statements-gathered ?s ?i)
                 (has-witness-statements ?s ?i)))

  (:action compile_report
    :parameters (?l - location ?w - workstation ?s - stormtrooper ?i - incident)
    :precondition (and (at-location ?s ?l) 
                       (has-workstation-access ?s ?w) 
                       (reviewed-security-footage ?s ?i) 
                       (witness-statements-gathered ?s ?i))
    :effect (and (report-compiled ?s ?i)
                 (has-comprehensive-report ?s ?i)))
)
