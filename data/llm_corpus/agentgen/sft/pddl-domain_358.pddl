(define (domain science-fair)
  (:requirements :strips)
  (:types location presentation_area student force informational_materials laptop)
  
  (:predicates
    (in-presentation-area ?student - student ?location - location)
    (information-selected ?force - force ?location - location)
    (posters-prepared ?informational_materials - informational_materials ?location - location)
    (interactive-content-setup ?laptop - laptop ?location - location)
    (laptop-available ?laptop - laptop ?location - location)
    (guidebook-available ?location - location)
  )

  (:action select_information_for_force
    :parameters (?location - location ?presentation_area - presentation_area ?student - student ?force - force)
    :precondition (and (in-presentation-area ?student ?location) (guidebook-available ?location))
    :effect (information-selected ?force ?location)
  )

  (:action prepare_posters
    :parameters (?location - location ?student - student ?informational_materials - informational_materials ?gravity - force)
    :precondition (information-selected ?gravity ?location)
    :effect (posters-prepared ?informational_materials ?location)
  )

  (:action setup_interactive_content
    :parameters (?location - location ?laptop - laptop ?student - student ?gravity - force ?informational_materials - informational_materials)
    :precondition (and (posters-prepared ?informational_materials ?location) (laptop-available ?laptop ?location))
    :effect (interactive-content-setup ?laptop ?location)
  )
)
