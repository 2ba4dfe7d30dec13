(define (domain book-concept-creation)
  (:requirements :strips :typing) ; Ensure :typing is included in the requirements
  (:types
    anomaly setting potentialimpact characterbackgrounds characterarcs worldbuildingelements atmosphere
  )
  (:predicates
    (clear-vision-of-setting)
    (understanding-of-anomaly ?a - anomaly)
    (characters-well-defined)
    (characters-linked-to-anomaly ?a - anomaly)
    (setting-constructed)
    (setting-enhances-narrative ?a - anomaly)
    (unique-central-element ?a - anomaly)
    (characters-developed ?a - anomaly)
    (world-crafted ?a - anomaly)
  )

  (:action selectanomaly
    :parameters (?s - setting ?p - potentialimpact ?a - anomaly)
    :precondition (and (clear-vision-of-setting) (understanding-of-anomaly ?a))
    :effect (and (unique-central-element ?a)))

  (:action developcharacters
    :parameters (?a - anomaly ?cb - characterbackgrounds ?ca - characterarcs)
    :precondition (and (characters-well-defined) (characters-linked-to-anomaly ?a))
    :effect (and (characters-developed ?a)))

  (:action craftsetting
    :parameters (?a - anomaly ?w - worldbuildingelements ?at - atmosphere)
    :precondition (and (setting-constructed) (setting-enhances-narrative ?a))
    :effect (and (world-crafted ?a)))
)
