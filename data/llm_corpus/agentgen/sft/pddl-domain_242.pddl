(define (domain countability-proof)
  (:requirements :strips :typing)
  (:types set setcollection)
  (:predicates
    (identified ?s - set)
    (need-clarification-countability ?s - set)
    (countable ?s - set)
    (need-understanding-union ?s1 - set ?s2 - set)
    (clear-understanding-union ?s - set)
    (need-demonstrate-bijection ?s - set)
    (bijection-constructed ?s - set)
    (collection-identified ?sc - setcollection)
    (need-prove-union-countable ?sc - setcollection)
    (union-countable ?sc - setcollection)
  )

  (:action definecountability
    :parameters (?s - set)
    :precondition (and (identified ?s) (need-clarification-countability ?s))
    :effect (and (countable ?s) (not (need-clarification-countability ?s))))

  (:action explainunion
    :parameters (?s1 - set ?s2 - set)
    :precondition (and (countable ?s1) (countable ?s2) (need-understanding-union ?s1 ?s2))
    :effect (and (clear-understanding-union ?s1) (clear-understanding-union ?s2) (not (need-understanding-union ?s1 ?s2))))

  (:action constructbijection
    :parameters (?s - set)
    :precondition (and (countable ?s) (need-demonstrate-bijection ?s))
    :effect (and (bijection-constructed ?s) (not (need-demonstrate-bijection ?s))))

  (:action applydiagonalization
    :parameters (?sc - setcollection)
    :precondition (and (collection-identified ?sc) (need-prove-union-countable ?sc))
    :effect (and (union-countable ?sc) (not (need-prove-union-countable ?sc))))
)
