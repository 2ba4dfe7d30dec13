;; Hospital pharmacy: fill prescriptions onto medication carts at a dispensary, have a pharmacist check them, and run the carts to the wards.
(define (domain ward-pharmacy)
  (:requirements :strips :typing :negative-preconditions :equality)
  (:types
    cart location prescription - object
    ward dispensary - location)
  (:predicates
    (cart-at ?c - cart ?l - location)
    (filled ?rx - prescription)
    (on-cart ?rx - prescription ?c - cart)
    (checked ?rx - prescription)
    (for-ward ?rx - prescription ?w - ward)
    (delivered ?rx - prescription))

  (:action move-cart
    :parameters (?c - cart ?from - location ?to - location)
    :precondition (and
      (cart-at ?c ?from)
      (not (= ?from ?to)))
    :effect (and
      (not (cart-at ?c ?from))
      (cart-at ?c ?to)))

  (:action fill-prescription
    :parameters (?rx - prescription ?c - cart ?d - dispensary)
    :precondition (and
      (cart-at ?c ?d)
      (not (filled ?rx)))
    :effect (and
      (filled ?rx)
      (on-cart ?rx ?c)))

  (:action check-prescription
    :parameters (?rx - prescription ?c - cart ?d - dispensary)
    :precondition (and
      (cart-at ?c ?d)
      (on-cart ?rx ?c)
      (not (checked ?rx)))
    :effect (checked ?rx))

  (:action transfer
    :parameters (?rx - prescription ?c1 - cart ?c2 - cart ?l - location)
    :precondition (and
      (not (= ?c1 ?c2))
      (on-cart ?rx ?c1)
      (cart-at ?c1 ?l)
      (cart-at ?c2 ?l))
    :effect (and
      (not (on-cart ?rx ?c1))
      (on-cart ?rx ?c2)))

  (:action hand-to-ward
    :parameters (?rx - prescription ?c - cart ?w - ward)
    :precondition (and
      (cart-at ?c ?w)
      (on-cart ?rx ?c)
      (checked ?rx)
      (for-ward ?rx ?w)
      (not (delivered ?rx)))
    :effect (and
      (delivered ?rx)
      (not (on-cart ?rx ?c))))
)
