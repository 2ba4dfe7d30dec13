(define (domain magical-law-ethics)
  (:requirements :strips)
  (:types activity spell ethicalconsideration topic criticalquestion) ; Assuming these are the intended types
  (:predicates
    (relevant-spell ?s - spell)
    (activity-designed ?a - activity)
    (discussion-facilitated ?d - topic)
    (relevant-topic ?t - topic) ; Added missing predicate
  )

  (:action designactivity
    :parameters (?a - activity ?s - spell ?e - ethicalconsideration)
    :precondition (relevant-spell ?s)
    :effect (activity-designed ?a)
  )

  (:action facilitateDiscussion
    :parameters (?t - topic ?q - criticalquestion)
    :precondition (relevant-topic ?t)
    :effect (discussion-facilitated ?t)
  )
)
