(define (domain novelist)
  (:requirements :strips)
  (:predicates
    (has-theme ?t)
    (has-setting ?s)
    (has-outline ?o)
    (has-characters ?c)
    (has-draft ?d)
    (has-feedback ?f)
    (novel-ready))

  (:action generateIdea
    :parameters (?t ?s ?o) ; Corrected by adding ?o to the parameters
    :precondition (and (has-theme ?t) (has-setting ?s))
    :effect (and (has-outline ?o) 
                 (not (has-theme ?t)) 
                 (not (has-setting ?s))))

  (:action developCharacters
    :parameters (?o ?c)
    :precondition (has-outline ?o)
    :effect (and (has-characters ?c) 
                 (not (has-outline ?o))))

  (:action weavePlot
    :parameters (?o ?c ?d) ; Corrected by ensuring ?d is declared in parameters
    :precondition (and (has-characters ?c) (has-outline ?o))
    :effect (and (has-draft ?d) 
                 (not (has-characters ?c)) 
                 (not (has-outline ?o))))

  (:action reviseAndEdit
    :parameters (?d ?f)
    :precondition (and (has-draft ?d) (has-feedback ?f))
    :effect (and (novel-ready) 
                 (not (has-draft ?d)) 
                 (not (has-feedback ?f))))
)
