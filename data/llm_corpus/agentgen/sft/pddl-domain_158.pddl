(define (domain typography-improvement)
  (:requirements :strips)
  (:predicates
    (access-to-content ?content)
    (understands-typography ?agent)
    (identified-needs ?content ?needs)
    (can-manipulate-typography ?agent)
    (polished-look ?content)
    (knowledge-of-responsive-design ?agent)
    (enhanced-clarity ?content)
  )

  (:action evaluate
    :parameters (?content ?needs ?agent)
    :precondition (and (access-to-content ?content) (understands-typography ?agent))
    :effect (identified-needs ?content ?needs)
  )

  (:action adjust
    :parameters (?kerning ?elements ?agent)
    :precondition (and (can-manipulate-typography ?agent) (identified-needs ?elements ?kerning))
    :effect (polished-look ?elements)
  )

  (:action modify
    :parameters (?spacing ?text ?agent)
    :precondition (and (knowledge-of-responsive-design ?agent) (identified-needs ?text ?spacing))
    :effect (enhanced-clarity ?text)
  )
)
