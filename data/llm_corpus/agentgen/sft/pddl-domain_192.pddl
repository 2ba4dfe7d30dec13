(define (domain chromosome-disorder-management)
  (:requirements :strips)
  (:types person condition family psychologicalneeds educationalneeds)
  (:predicates
    (referred-for-evaluation ?child - person)
    (diagnosis-confirmed ?child - person)
    (psychological-impact-assessed ?child - person ?family - family)
    (educational-needs-assessed ?child - person)
    (medical-plan-developed ?child - person)
    (psych-support-plan-developed ?child - person ?family - family)
    (educational-strategy-developed ?child - person)
  )

  (:action assessmedicalneeds
    :parameters (?child - person ?disorder - condition)
    :precondition (referred-for-evaluation ?child)
    :effect (and
              (diagnosis-confirmed ?child)
              (medical-plan-developed ?child)
            )
  )

  (:action developpsychsupport
    :parameters (?child - person ?family - family ?needs - psychologicalneeds)
    :precondition (and
                    (diagnosis-confirmed ?child)
                    (psychological-impact-assessed ?child ?family)
                  )
    :effect (psych-support-plan-developed ?child ?family)
  )

  (:action planeducationalstrategy
    :parameters (?child - person ?disorder - condition ?accommodations - educationalneeds)
    :precondition (and
                    (diagnosis-confirmed ?child)
                    (educational-needs-assessed ?child)
                  )
    :effect (educational-strategy-developed ?child)
  )
)
