(define (domain london-eye-celebration)
  (:requirements :strips)
  (:predicates
    (virtual-reality-equipment-available)
    (has-virtual-reality-content ?content)
    (selected-virtual-content ?content ?interactive-elements)
    (identified-decorations-and-snacks ?decorations ?snacks)
    (arranged-celebration-elements ?content ?decorations ?snacks)
  )

  (:action selectvirtualcontent
    :parameters (?content ?interactive-elements)
    :precondition (and (virtual-reality-equipment-available)
                       (has-virtual-reality-content ?content))
    :effect (and (selected-virtual-content ?content ?interactive-elements))
  )

  (:action arrangecelebrationelements
    :parameters (?content ?decorations ?snacks ?theme ?interactive-elements)
    :precondition (and (selected-virtual-content ?content ?interactive-elements)
                       (identified-decorations-and-snacks ?decorations ?snacks))
    :effect (and (arranged-celebration-elements ?content ?decorations ?snacks))
  )
)
