;; Two clerks, two carts, three books; one book was left in the reading room after being checked in.
(define (problem library-returns-p03)
  (:domain library-returns)
  (:objects
    mia joe - clerk
    cart-1 cart-2 - cart
    novel-1 atlas-1 comic-1 - book
    desk fiction reference reading-room comics - area)
  (:init
    (clerk-at mia desk)
    (clerk-at joe reading-room)
    (cart-at cart-1 desk)
    (cart-at cart-2 reading-room)
    (scanner-at desk)
    (connected desk fiction)
    (connected fiction desk)
    (connected fiction reference)
    (connected reference fiction)
    (connected desk reading-room)
    (connected reading-room desk)
    (connected reading-room comics)
    (connected comics reading-room)
    (book-at novel-1 desk)
    (book-at atlas-1 desk)
    (book-at comic-1 reading-room)
    (checked-in comic-1)
    (belongs-in novel-1 fiction)
    (belongs-in atlas-1 reference)
    (belongs-in comic-1 comics))
  (:goal (and
    (shelved novel-1)
    (shelved atlas-1)
    (shelved comic-1)))
)
