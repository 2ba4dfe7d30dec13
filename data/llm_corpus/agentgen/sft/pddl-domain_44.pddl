(define (domain bookstore-management)
  (:requirements :strips)
  (:predicates 
    (book-exists ?isbn)
    (valid-isbn ?isbn)
    ; Assuming simplification to just check if book details exist for a given ISBN
    (book-details-exist ?isbn))

  (:action insertBook
    :parameters (?isbn)
    :precondition (not (book-exists ?isbn))
    :effect (and 
              (book-exists ?isbn)
              (book-details-exist ?isbn)))

  (:action checkBookExists
    :parameters (?isbn)
    :precondition (valid-isbn ?isbn)
    :effect (book-exists ?isbn))
)
