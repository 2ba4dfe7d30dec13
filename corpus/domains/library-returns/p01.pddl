;; A single returned novel goes back to the fiction aisle next to the desk.
(define (problem library-returns-p01)
  (:domain library-returns)
  (:objects
    mia - clerk
    cart-1 - cart
    novel-1 - book
    desk fiction - area)
  (:init
    (clerk-at mia desk)
    (cart-at cart-1 desk)
    (scanner-at desk)
    (connected desk fiction)
    (connected fiction desk)
    (book-at novel-1 desk)
    (belongs-in novel-1 fiction))
  (:goal (and
    (shelved novel-1)))
)
