(define (domain metallic-object-retrieval)
  (:requirements :strips :typing)
  (:types
    detection_technologies
    material_sensitivity
    prototype
    usability_and_efficiency
    educational_materials
    user_guidance
    real_world_scenarios
  )
  (:predicates
    (access-to-journals)
    (access-to-patents)
    (access-to-technology-databases)
    (understanding-of-user-needs)
    (technical-requirements-understood)
    (prototype-developed)
    (testing-environments-available)
    (feedback-obtained)
    (expertise-in-technical-communication)
    (access-to-multimedia-tools)
    (educational-materials-developed)
    (technology-identified ?tech - detection_technologies)
    (prototype-tested ?proto - prototype)
  )

  (:action research
    :parameters (?tech - detection_technologies ?sensitivity - material_sensitivity)
    :precondition (and (access-to-journals) (access-to-patents) (access-to-technology-databases))
    :effect (technology-identified ?tech)
  )

  (:action design
    :parameters (?proto - prototype ?tech - detection_technologies ?usability - usability_and_efficiency)
    :precondition (and (understanding-of-user-needs) (technical-requirements-understood) (technology-identified ?tech))
    :effect (prototype-developed)
  )

  (:action test
    :parameters (?proto - prototype ?scenario - real_world_scenarios)
    :precondition (and (prototype-developed) (testing-environments-available))
    :effect (feedback-obtained)
  )

  (:action develop
    :parameters (?materials - educational_materials ?guidance - user_guidance)
    :precondition (and (expertise-in-technical-communication) (access-to-multimedia-tools) (feedback-obtained))
    :effect (educational-materials-developed)
  )
)
