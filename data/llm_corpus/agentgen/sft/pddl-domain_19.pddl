(define (domain echolocation-education)
  (:requirements :strips)
  (:types
    interactive_activity
    echolocation_concept
    quiz
    echolocation_knowledge
    student_feedback
    module_improvement
  )
  (:predicates
    (understands-echolocation)
    (interactive-activity-designed ?activity - interactive_activity)
    (quiz-implemented ?quiz - quiz)
    (feedback-gathered)
    (questions-prepared ?quiz - quiz)
    (students-engaged)
  )

  (:action design
    :parameters (?activity - interactive_activity ?concept - echolocation_concept)
    :precondition (understands-echolocation)
    :effect (interactive-activity-designed ?activity)
  )

  (:action implement
    :parameters (?activity - interactive_activity ?quiz - quiz ?knowledge - echolocation_knowledge)
    :precondition (and (interactive-activity-designed ?activity) (questions-prepared ?quiz))
    :effect (quiz-implemented ?quiz)
  )

  (:action gather
    :parameters (?quiz - quiz ?feedback - student_feedback ?improvement - module_improvement)
    :precondition (and (quiz-implemented ?quiz) (students-engaged))
    :effect (feedback-gathered)
  )
)
