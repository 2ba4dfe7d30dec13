(define (domain mobileapp-ux)
  (:requirements :strips :typing)
  (:types
    tableview section row exception fallbackaction
  )
  (:predicates
    (data-loaded ?tv - tableview)
    (section-identified ?s - section)
    (row-identified ?r - row ?s - section)
    (exception-occurred ?e - exception)
    (fallback-action-executed ?fa - fallbackaction)
    (tableview-at-top ?tv - tableview) ; Placeholder predicate for scrolltotop action effect
  )

  (:action identifyfirstsection
    :parameters (?tv - tableview ?s - section)
    :precondition (data-loaded ?tv)
    :effect (section-identified ?s)
  )

  (:action identifyfirstrowinsection
    :parameters (?s - section ?tv - tableview ?r - row) ; Corrected to include ?r - row
    :precondition (and (section-identified ?s) (data-loaded ?tv))
    :effect (row-identified ?r ?s)
  )

  (:action scrolltotop
    :parameters (?s - section ?r - row ?tv - tableview)
    :precondition (and (section-identified ?s) (row-identified ?r ?s))
    :effect (tableview-at-top ?tv) ; Defined effect assuming the tableview is scrolled to the top
  )

  (:action handleexceptions
    :parameters (?e - exception ?fa - fallbackaction)
    :precondition (exception-occurred ?e)
    :effect (fallback-action-executed ?fa)
  )
)
