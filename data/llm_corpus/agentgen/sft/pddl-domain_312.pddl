(define (domain phd-advisory)
  (:requirements :strips)
  (:predicates
    (potential-advisor-identified)
    (basic-understanding-of-advisor-background)
    (mentorship-quality-assessed)
    (networking-opportunities-explored)
    (research-output-and-personal-growth-analyzed)
    (knowledge-of-department-faculty-and-expertise)
    (supplementary-mentorships-investigated)
  )

  (:action assess-mentorship-quality
    :parameters ()
    :precondition (potential-advisor-identified)
    :effect (and (mentorship-quality-assessed)
                 (not (potential-advisor-identified)))
  )

  (:action explore-networking-opportunities
    :parameters ()
    :precondition (and (basic-understanding-of-advisor-background)
                       (mentorship-quality-assessed))
    :effect (and (networking-opportunities-explored)
                 (not (basic-understanding-of-advisor-background)))
  )

  (:action analyze-research-output-and-personal-growth
    :parameters ()
    :precondition (networking-opportunities-explored)
    :effect (and (research-output-and-personal-growth-analyzed)
                 (not (networking-opportunities-explored)))
  )

  (:action investigate-supplementary-mentorships
    :parameters ()
    :precondition (and (mentorship-quality-assessed)
                       (knowledge-of-department-faculty-and-expertise))
    :effect (and (supplementary-mentorships-investigated)
                 (not (knowledge-of-department-faculty-and-expertise)))
  )
)
