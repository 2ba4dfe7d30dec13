;; Office mail room: sort incoming letters into department pigeonholes, bag them for the courier round, hand them over at the offices and bring outgoing mail back for posting.
(define (domain office-mailroom)
  (:requirements :strips :typing)
  (:types
    letter dept place - object)
  (:constants
    mailroom - place)
  (:predicates
    (in-intake ?l - letter)
    (addressed-to ?l - letter ?d - dept)
    (in-pigeonhole ?l - letter ?d - dept)
    (in-bag ?l - letter)
    (courier-at ?p - place)
    (office-of ?d - dept ?p - place)
    (corridor ?from - place ?to - place)
    (delivered ?l - letter)
    (outgoing-at ?l - letter ?p - place)
    (posted ?l - letter))

  (:action sort-letter
    :parameters (?l - letter ?d - dept)
    :precondition (and
      (courier-at mailroom)
      (in-intake ?l)
      (addressed-to ?l ?d))
    :effect (and
      (in-pigeonhole ?l ?d)
      (not (in-intake ?l))))

  (:action bag-letter
    :parameters (?l - letter ?d - dept)
    :precondition (and
      (courier-at mailroom)
      (in-pigeonhole ?l ?d))
    :effect (and
      (in-bag ?l)
      (not (in-pigeonhole ?l ?d))))

  (:action walk
    :parameters (?from - place ?to - place)
    :precondition (and
      (courier-at ?from)
      (corridor ?from ?to))
    :effect (and
      (not (courier-at ?from))
      (courier-at ?to)))

  (:action hand-over
    :parameters (?l - letter ?d - dept ?p - place)
    :precondition (and
      (courier-at ?p)
      (in-bag ?l)
      (addressed-to ?l ?d)
      (office-of ?d ?p))
    :effect (and
      (delivered ?l)
      (not (in-bag ?l))))

  (:action collect-outgoing
    :parameters (?l - letter ?p - place)
    :precondition (and
      (courier-at ?p)
      (outgoing-at ?l ?p))
    :effect (and
      (in-bag ?l)
      (not (outgoing-at ?l ?p))))

  (:action post-letter
    :parameters (?l - letter)
    :precondition (and
      (courier-at mailroom)
      (in-bag ?l))
    :effect (and
      (posted ?l)
      (not (in-bag ?l))))
)
