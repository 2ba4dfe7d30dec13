(define (domain diy-shelving)
  (:requirements :strips)
  (:types location workbench enthusiast material tool - object
          wood_planks screws - material
          impact_driver regular_drill - tool)

  (:predicates
    (in-workshop ?enthusiast - enthusiast ?location - location)
    (tool-selected ?tool - tool ?material - material)
    (pilot-holes-drilled ?wood_planks - wood_planks)
    (screws-driven ?screws - screws ?wood_planks - wood_planks))

  (:action select_tool_for_material
    :parameters (?location - location ?workbench - workbench ?enthusiast - enthusiast ?material - material ?tool - tool)
    :precondition (in-workshop ?enthusiast ?location)
    :effect (tool-selected ?tool ?material))

  (:action drill_holes
    :parameters (?location - location ?regular_drill - regular_drill ?enthusiast - enthusiast ?wood_planks - wood_planks)
    :precondition (and (in-workshop ?enthusiast ?location) (tool-selected ?regular_drill ?wood_planks))
    :effect (pilot-holes-drilled ?wood_planks))

  (:action drive_screws
    :parameters (?location - location ?impact_driver - impact_driver ?enthusiast - enthusiast ?screws - screws ?wood_planks - wood_planks)
    :precondition (and (in-workshop ?enthusiast ?location) (tool-selected ?impact_driver ?screws) (pilot-holes-drilled ?wood_planks))
    :effect (screws-driven ?screws ?wood_planks))
)
