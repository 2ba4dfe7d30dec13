(define (domain magical-protection)
  (:requirements :strips)
  (:types
    protection_spell
    modern_threats
    advanced_protections
    against_threats
  )
  (:predicates
    (understands-dark-magic)
    (spell-analyzed ?spell - protection_spell)
    (identified-weaknesses ?spell - protection_spell)
    (access-to-advanced-magic)
    (spell-modified ?spell - protection_spell)
    (testing-mechanisms-ready)
    (spell-tested ?spell - protection_spell)
  )

  (:action analyze
    :parameters (?spell - protection_spell ?threats - modern_threats)
    :precondition (understands-dark-magic)
    :effect (and (spell-analyzed ?spell)
                 (identified-weaknesses ?spell))
  )

  (:action modify
    :parameters (?spell - protection_spell ?protections - advanced_protections)
    :precondition (and (identified-weaknesses ?spell) (access-to-advanced-magic))
    :effect (spell-modified ?spell)
  )

  (:action test
    :parameters (?spell - protection_spell ?effectiveness - against_threats)
    :precondition (and (spell-modified ?spell) (testing-mechanisms-ready))
    :effect (spell-tested ?spell)
  )
)
