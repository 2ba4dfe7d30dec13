(define (domain creative-writing-assistant)
  (:requirements :strips)
  (:predicates
    (imagery-provided ?imagery)
    (style-preferences-set ?style)
    (narrative-elements-set ?elements)
    (poem-generated ?imagery ?style)
    (story-generated ?imagery ?elements)
    (feedback-provided ?feedback)
    (creative-output-refined ?version)
  )

  (:action generate_poem
    :parameters (?imagery ?style)
    :precondition (and (imagery-provided ?imagery) (style-preferences-set ?style))
    :effect (poem-generated ?imagery ?style)
  )

  (:action create_story
    :parameters (?imagery ?elements)
    :precondition (and (imagery-provided ?imagery) (narrative-elements-set ?elements))
    :effect (story-generated ?imagery ?elements)
  )

  (:action refine_creative_output
    :parameters (?feedback ?version)
    :precondition (feedback-provided ?feedback)
    :effect (creative-output-refined ?version)
  )
)
