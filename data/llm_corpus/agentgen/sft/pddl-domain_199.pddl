(define (domain dramatic-daily-narration)
  (:requirements :strips :typing)
  (:types morning_routine commute work_tasks lunch_break evening_activities)
  (:predicates
    (unremarkable-morning ?mr - morning_routine)
    (straightforward-commute ?c - commute)
    (mundane-tasks ?wt - work_tasks)
    (simple-lunch ?lb - lunch_break)
    (ordinary-evening ?ea - evening_activities)
    (described-dramatically ?mr - morning_routine)
    (journey-legendary ?c - commute)
    (tasks-mythic ?wt - work_tasks)
    (lunch-royal ?lb - lunch_break)
    (evening-noble ?ea - evening_activities)
  )

  (:action embellish
    :parameters (?mr - morning_routine)
    :precondition (unremarkable-morning ?mr)
    :effect (and (described-dramatically ?mr)
                 (not (unremarkable-morning ?mr))))

  (:action elevate
    :parameters (?c - commute)
    :precondition (straightforward-commute ?c)
    :effect (and (journey-legendary ?c)
                 (not (straightforward-commute ?c))))

  (:action transform
    :parameters (?wt - work_tasks)
    :precondition (mundane-tasks ?wt)
    :effect (and (tasks-mythic ?wt)
                 (not (mundane-tasks ?wt))))

  (:action reframe
    :parameters (?lb - lunch_break)
    :precondition (simple-lunch ?lb)
    :effect (and (lunch-royal ?lb)
                 (not (simple-lunch ?lb))))

  (:action cast
    :parameters (?ea - evening_activities)
    :precondition (ordinary-evening ?ea)
    :effect (and (evening-noble ?ea)
                 (not (ordinary-evening ?ea))))
)
