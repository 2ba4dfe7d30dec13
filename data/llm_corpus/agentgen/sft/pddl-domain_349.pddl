(define (domain lunar-education-program)
  (:requirements :strips)
  (:predicates
    (has-lunar-data)
    (has-vr-technology)
    (immersive-learning-experience-created)
    (based-on-accurate-data)
    (accessible-to-all-students)
    (emphasizes-teamwork)
    (integrates-ethical-considerations)
  )

  (:action simulate-moon-landing
    :parameters ()
    :precondition (and (has-lunar-data) (has-vr-technology))
    :effect (immersive-learning-experience-created)
  )
)
