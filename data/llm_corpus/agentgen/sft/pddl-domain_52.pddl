(define (domain geography-and-culture-education)
  (:requirements :strips)
  (:predicates
    (theme-chosen ?theme)
    (story-appropriate ?story)
    (location-real ?location)
    (character-insightful ?character ?location)
    (items-confused ?item1 ?item2)
    (explanation-simple ?item1 ?item2)
    (culture-relevant ?culture ?story)
    (activity-engaging ?activity)
    (question-related ?question ?story)
    (answer-known ?answer ?question)
    (story-covered-themes ?story)
    (child-engaged)
    (child-learned ?lesson)
  )

  (:action createstory
    :parameters (?story ?theme)
    :precondition (and (theme-chosen ?theme) (story-appropriate ?story))
    :effect (child-engaged)
  )

  (:action introducecharacter
    :parameters (?character ?location)
    :precondition (and (location-real ?location) (character-insightful ?character ?location))
    :effect (child-engaged)
  )

  (:action explaindifference
    :parameters (?item1 ?item2)
    :precondition (and (items-confused ?item1 ?item2) (explanation-simple ?item1 ?item2))
    :effect (child-engaged)
  )

  (:action showculture
    :parameters (?culture ?activity ?story)
    :precondition (and (culture-relevant ?culture ?story) (activity-engaging ?activity))
    :effect (child-engaged)
  )

  (:action quizchild
    :parameters (?question ?answer ?story)
    :precondition (and (question-related ?question ?story) (answer-known ?answer ?question))
    :effect (child-engaged)
  )

  (:action endstory
    :parameters (?lesson ?story)
    :precondition (and (story-covered-themes ?story) (child-engaged))
    :effect (child-learned ?lesson)
  )
)
