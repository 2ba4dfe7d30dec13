(define (domain salary-survey)
  (:requirements :strips)
  (:types question_type topic sensitivity_level survey group)
  (:predicates 
    (relevant-topic ?t - topic)
    (survey-created ?s - survey)
    (question-in-survey ?q - question_type ?s - survey)
    (feedback-received ?s - survey)
  )

  (:action createquestion
    :parameters (?q - question_type ?t - topic ?sl - sensitivity_level ?s - survey)
    :precondition (relevant-topic ?t)
    :effect (and (question-in-survey ?q ?s))
  )

  (:action pilottest
    :parameters (?s - survey ?g - group)
    :precondition (survey-created ?s)
    :effect (and (feedback-received ?s))
  )
)
