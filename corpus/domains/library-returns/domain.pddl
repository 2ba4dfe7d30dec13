;; Library returns desk: check in returned books at the scanner, load them on a book cart and push the cart through the aisles to reshelve them.
(define (domain library-returns)
  (:requirements :strips :typing)
  (:types
    clerk cart book area - object)
  (:predicates
    (clerk-at ?c - clerk ?a - area)
    (connected ?from - area ?to - area)
    (scanner-at ?a - area)
    (book-at ?b - book ?a - area)
    (checked-in ?b - book)
    (cart-at ?k - cart ?a - area)
    (on-cart ?b - book ?k - cart)
    (belongs-in ?b - book ?a - area)
    (shelved ?b - book))

  (:action check-in
    :parameters (?c - clerk ?b - book ?a - area)
    :precondition (and
      (clerk-at ?c ?a)
      (scanner-at ?a)
      (book-at ?b ?a))
    :effect (checked-in ?b))

  (:action load-book
    :parameters (?c - clerk ?b - book ?k - cart ?a - area)
    :precondition (and
      (clerk-at ?c ?a)
      (cart-at ?k ?a)
      (book-at ?b ?a)
      (checked-in ?b))
    :effect (and
      (on-cart ?b ?k)
      (not (book-at ?b ?a))))

  (:action walk
    :parameters (?c - clerk ?from - area ?to - area)
    :precondition (and
      (clerk-at ?c ?from)
      (connected ?from ?to))
    :effect (and
      (not (clerk-at ?c ?from))
      (clerk-at ?c ?to)))

  (:action push-cart
    :parameters (?c - clerk ?k - cart ?from - area ?to - area)
    :precondition (and
      (clerk-at ?c ?from)
      (cart-at ?k ?from)
      (connected ?from ?to))
    :effect (and
      (not (clerk-at ?c ?from))
      (clerk-at ?c ?to)
      (not (cart-at ?k ?from))
      (cart-at ?k ?to)))

  (:action reshelve
    :parameters (?c - clerk ?b - book ?k - cart ?a - area)
    :precondition (and
      (clerk-at ?c ?a)
      (cart-at ?k ?a)
      (on-cart ?b ?k)
      (belongs-in ?b ?a))
    :effect (and
      (shelved ?b)
      (not (on-cart ?b ?k))))
)
