;; Clinical chemistry lab: a technician takes sample tubes from the fridge, labels them, spins them in a free centrifuge and puts them back in cold storage.
(define (domain centrifuge-lab)
  (:requirements :strips :typing :negative-preconditions)
  (:types
    sample centrifuge - object)
  (:predicates
    (in-fridge ?s - sample)
    (holding ?s - sample)
    (hand-busy)
    (labelled ?s - sample)
    (in-rotor ?s - sample ?c - centrifuge)
    (loaded ?c - centrifuge)
    (spun ?s - sample))

  (:action fetch-sample
    :parameters (?s - sample)
    :precondition (and
      (in-fridge ?s)
      (not (hand-busy)))
    :effect (and
      (holding ?s)
      (hand-busy)
      (not (in-fridge ?s))))

  (:action label-sample
    :parameters (?s - sample)
    :precondition (and
      (holding ?s)
      (not (labelled ?s)))
    :effect (labelled ?s))

  (:action load-centrifuge
    :parameters (?s - sample ?c - centrifuge)
    :precondition (and
      (holding ?s)
      (labelled ?s)
      (not (spun ?s))
      (not (loaded ?c)))
    :effect (and
      (in-rotor ?s ?c)
      (loaded ?c)
      (not (holding ?s))
      (not (hand-busy))))

  (:action spin
    :parameters (?s - sample ?c - centrifuge)
    :precondition (and
      (in-rotor ?s ?c)
      (not (spun ?s)))
    :effect (spun ?s))

  (:action unload-centrifuge
    :parameters (?s - sample ?c - centrifuge)
    :precondition (and
      (in-rotor ?s ?c)
      (spun ?s)
      (not (hand-busy)))
    :effect (and
      (holding ?s)
      (hand-busy)
      (not (in-rotor ?s ?c))
      (not (loaded ?c))))

  (:action store-sample
    :parameters (?s - sample)
    :precondition (and
      (holding ?s)
      (spun ?s))
    :effect (and
      (in-fridge ?s)
      (not (holding ?s))
      (not (hand-busy))))
)
