;; Museum exhibit setup: uncrate artefacts, wheel them on the gallery trolley through doorways, place them in showcases and seal the showcases.
(define (domain museum-install)
  (:requirements :strips :typing)
  (:types
    artefact room showcase - object)
  (:predicates
    (crated ?a - artefact)
    (unpacked ?a - artefact)
    (artefact-in ?a - artefact ?r - room)
    (trolley-in ?r - room)
    (on-trolley ?a - artefact)
    (doorway ?from - room ?to - room)
    (showcase-in ?s - showcase ?r - room)
    (showcase-open ?s - showcase)
    (sealed ?s - showcase)
    (displayed ?a - artefact ?s - showcase))

  (:action uncrate
    :parameters (?a - artefact ?r - room)
    :precondition (and
      (crated ?a)
      (artefact-in ?a ?r)
      (trolley-in ?r))
    :effect (and
      (unpacked ?a)
      (not (crated ?a))))

  (:action load-trolley
    :parameters (?a - artefact ?r - room)
    :precondition (and
      (unpacked ?a)
      (artefact-in ?a ?r)
      (trolley-in ?r))
    :effect (and
      (on-trolley ?a)
      (not (artefact-in ?a ?r))))

  (:action wheel-trolley
    :parameters (?from - room ?to - room)
    :precondition (and
      (trolley-in ?from)
      (doorway ?from ?to))
    :effect (and
      (not (trolley-in ?from))
      (trolley-in ?to)))

  (:action place-in-showcase
    :parameters (?a - artefact ?s - showcase ?r - room)
    :precondition (and
      (on-trolley ?a)
      (trolley-in ?r)
      (showcase-in ?s ?r)
      (showcase-open ?s))
    :effect (and
      (displayed ?a ?s)
      (not (on-trolley ?a))))

  (:action seal-showcase
    :parameters (?s - showcase)
    :precondition (showcase-open ?s)
    :effect (and
      (sealed ?s)
      (not (showcase-open ?s))))
)
