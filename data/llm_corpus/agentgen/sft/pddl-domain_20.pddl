(define (domain global-intelligence-education)
  (:requirements :strips :typing)
  (:types
    activity_type
    data_analysis_focus
    socio_economic_consideration
    topic
    critical_question
  )
  (:predicates
    (relevant-aspect ?a - activity_type)
    (activity-designed ?a - activity_type)
    (discussion-facilitated ?t - topic)
  )

  (:action designActivity
    :parameters (?a - activity_type ?d - data_analysis_focus ?s - socio_economic_consideration)
    :precondition (relevant-aspect ?a)
    :effect (activity-designed ?a)
  )

  (:action facilitateDiscussion
    :parameters (?t - topic ?q - critical_question)
    :precondition (relevant-aspect ?t)
    :effect (discussion-facilitated ?t)
  )
)
