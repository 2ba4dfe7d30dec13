(define (domain home-safety)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types holiday_lights surge_protector) ; Added types section

  (:predicates
    (not-in-use ?hl - holiday_lights)
    (damaged ?hl - holiday_lights)
    (good-condition ?hl - holiday_lights)
    (in-use ?hl - holiday_lights)
    (surge-protector-available ?sp - surge_protector)
    (using-surge-protector ?hl - holiday_lights ?sp - surge_protector) ; Adjusted to include surge_protector
    (near-flammable-material ?hl - holiday_lights)
    (safe-distance ?hl - holiday_lights))

  (:action inspect
    :parameters (?hl - holiday_lights)
    :precondition (not-in-use ?hl)
    :effect (and (damaged ?hl)
                 (not (good-condition ?hl))))

  (:action replace
    :parameters (?hl - holiday_lights) ; Corrected parameters, assuming damaged_bulbs was a mistake
    :precondition (and (damaged ?hl) (not-in-use ?hl))
    :effect (and (good-condition ?hl)
                 (not (damaged ?hl))))

  (:action use_surge_protector
    :parameters (?sp - surge_protector ?hl - holiday_lights)
    :precondition (and (good-condition ?hl) (surge-protector-available ?sp))
    :effect (using-surge-protector ?hl ?sp)) ; Adjusted effect to match predicate definition

  (:action turn_off
    :parameters (?hl - holiday_lights)
    :precondition (in-use ?hl)
    :effect (and (not-in-use ?hl)
                 (not (in-use ?hl))))

  (:action keep_away_from_flammable_materials
    :parameters (?hl - holiday_lights)
    :precondition (in-use ?hl)
    :effect (and (safe-distance ?hl)
                 (not (near-flammable-material ?hl))))
)
