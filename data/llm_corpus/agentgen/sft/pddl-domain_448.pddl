(define (domain nlp-to-rdf)
  (:requirements :strips)
  (:predicates
    (sentence ?s)
    (entity ?e)
    (predicate ?p)
    (extracted ?e ?s)
    (relationship-identified ?e1 ?e2)
    (rdf-triplet ?sub ?pred ?obj))

  (:action extract_entity
    :parameters (?s ?e ?entity_type)
    :precondition (sentence ?s)
    :effect (and (entity ?e)
                 (extracted ?e ?s)))

  (:action identify_relationship
    :parameters (?e1 ?e2)
    :precondition (and (entity ?e1) (entity ?e2))
    :effect (relationship-identified ?e1 ?e2))

  (:action create_rdf_triplet
    :parameters (?sub ?pred ?obj ?s)
    :precondition (and (extracted ?sub ?s) 
                       (predicate ?pred) 
                       (extracted ?obj ?s) 
                       (relationship-identified ?sub ?obj))
    :effect (rdf-triplet ?sub ?pred ?obj))
)
