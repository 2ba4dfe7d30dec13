(define (domain bullying-awareness)
  (:requirements :strips)
  (:predicates
    (in-classroom ?location)
    (has-whiteboard ?location)
    (has-storybooks ?location)
    (has-materials ?location)
    (understands-bullying ?students)
    (empathy-increased ?students)
    (knows-responsible-actions ?students)
    (posters-created ?students)
  )

  (:action identify_bullying_behaviors
    :parameters (?location ?whiteboard ?teacher ?students)
    :precondition (and (in-classroom ?location) (has-whiteboard ?location))
    :effect (understands-bullying ?students)
  )

  (:action share_stories_of_empathy
    :parameters (?location ?storybooks ?teacher ?students)
    :precondition (and (in-classroom ?location) (has-storybooks ?location))
    :effect (empathy-increased ?students)
  )

  (:action discuss_responsible_actions
    :parameters (?location ?whiteboard ?teacher ?students)
    :precondition (and (in-classroom ?location) (has-whiteboard ?location) (understands-bullying ?students) (empathy-increased ?students))
    :effect (knows-responsible-actions ?students)
  )

  (:action create_anti_bullying_posters
    :parameters (?location ?materials ?teacher ?students)
    :precondition (and (in-classroom ?location) (has-materials ?location) (understands-bullying ?students) (knows-responsible-actions ?students))
    :effect (posters-created ?students)
  )
)
