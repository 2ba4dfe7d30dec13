;; Two returns for two aisles in a row; the clerk must bring the cart back to the desk.
(define (problem library-returns-p02)
  (:domain library-returns)
  (:objects
    mia - clerk
    cart-1 - cart
    novel-1 atlas-1 - book
    desk fiction reference - area)
  (:init
    (clerk-at mia desk)
    (cart-at cart-1 desk)
    (scanner-at desk)
    (connected desk fiction)
    (connected fiction desk)
    (connected fiction reference)
    (connected reference fiction)
    (book-at novel-1 desk)
    (book-at atlas-1 desk)
    (belongs-in novel-1 fiction)
    (belongs-in atlas-1 reference))
  (:goal (and
    (shelved novel-1)
    (shelved atlas-1)
    (cart-at cart-1 desk)))
)
