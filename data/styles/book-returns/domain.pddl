;; Written for agentgen-sym's gold readings (issue 53); no outside source.
; A library in the style of a user's own domain: a librarian as first parameter, glued names (librarianat,
; bookonshelf, putbookonshelf, takebookfromshelf), a verb relation ending in -to (belongs-to), a negative
; precondition (a book not yet catalogued) and a negative goal (a book no longer misplaced).
(define (domain library)
  (:requirements :strips :typing :negative-preconditions)
  (:types librarian book shelf room)
  (:predicates (librarianat ?l - librarian ?r - room) (shelfin ?s - shelf ?r - room)
               (bookonshelf ?b - book ?s - shelf) (carrying ?l - librarian ?b - book)
               (belongs-to ?b - book ?s - shelf) (misplaced ?b - book) (catalogued ?b - book))
  (:action walk-to
    :parameters (?l - librarian ?from - room ?to - room)
    :precondition (librarianat ?l ?from)
    :effect (and (librarianat ?l ?to) (not (librarianat ?l ?from))))
  (:action takebookfromshelf
    :parameters (?l - librarian ?b - book ?s - shelf ?r - room)
    :precondition (and (librarianat ?l ?r) (shelfin ?s ?r) (bookonshelf ?b ?s))
    :effect (and (carrying ?l ?b) (not (bookonshelf ?b ?s))))
  (:action catalogue
    :parameters (?l - librarian ?b - book)
    :precondition (and (carrying ?l ?b) (not (catalogued ?b)))
    :effect (catalogued ?b))
  (:action putbookonshelf
    :parameters (?l - librarian ?b - book ?s - shelf ?r - room)
    :precondition (and (librarianat ?l ?r) (shelfin ?s ?r) (carrying ?l ?b) (belongs-to ?b ?s))
    :effect (and (bookonshelf ?b ?s) (not (carrying ?l ?b)) (not (misplaced ?b)))))
