(define (domain ruby-classes-education)
  (:requirements :strips)
  (:predicates
    (has-deep-understanding ?instructor)
    (programming-environment-available)
    (students-willing-to-participate)
    (foundational-knowledge-acquired)
    (practical-experience-gained)
    (hands-on-understanding-reinforced)
  )

  (:action explain
    :parameters (?instructor ?module_content)
    :precondition (has-deep-understanding ?instructor)
    :effect (foundational-knowledge-acquired)
  )

  (:action demonstrate
    :parameters (?syntax_usage ?practical_examples)
    :precondition (programming-environment-available)
    :effect (practical-experience-gained)
  )

  (:action facilitate
    :parameters (?coding_exercises ?student_engagement)
    :precondition (and (students-willing-to-participate) (programming-environment-available))
    :effect (hands-on-understanding-reinforced)
  )
)
