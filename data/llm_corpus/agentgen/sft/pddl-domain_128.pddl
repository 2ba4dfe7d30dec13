(define (domain daydream-storytelling)
  (:requirements :strips)
  (:predicates (recall-accurate ?daydream-content)
               (plothole-identified ?plothole)
               (solution-developed ?solution)
               (story-plan-ready ?story-plan)
               (creative-mindset)
               (story-written ?story))

  (:action analyzeDaydream
    :parameters (?daydream-content ?plothole)
    :precondition (recall-accurate ?daydream-content)
    :effect (and (plothole-identified ?plothole)
                 (not (recall-accurate ?daydream-content))))

  (:action developSolution
    :parameters (?plothole ?solution)
    :precondition (and (plothole-identified ?plothole) (creative-mindset))
    :effect (and (solution-developed ?solution)
                 (not (plothole-identified ?plothole))))

  (:action writeStory
    :parameters (?solution ?story)
    :precondition (and (solution-developed ?solution) (story-plan-ready ?story))
    :effect (and (story-written ?story)
                 (not (solution-developed ?solution))
                 (not (story-plan-ready ?story))))
)
