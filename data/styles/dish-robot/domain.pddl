; A dish-washing robot in the style of a user's own domain (issue 53): a negative goal that holds at the start
; (the tap off), a put-away whose agent is the robot, hyphenated and glued names.
(define (domain dish-robot)
  (:requirements :strips :typing :negative-preconditions)
  (:types robot location dish)
  (:predicates (robotat ?r - robot ?l - location) (dishat ?d - dish ?l - location) (holding ?r - robot ?d - dish)
               (handempty ?r - robot) (dirty ?d - dish) (tapon ?l - location) (hassink ?l - location)
               (putaway ?d - dish) (cupboard ?l - location))
  (:action walk
    :parameters (?r - robot ?from - location ?to - location)
    :precondition (robotat ?r ?from)
    :effect (and (robotat ?r ?to) (not (robotat ?r ?from))))
  (:action pick-up
    :parameters (?r - robot ?d - dish ?l - location)
    :precondition (and (robotat ?r ?l) (dishat ?d ?l) (handempty ?r))
    :effect (and (holding ?r ?d) (not (dishat ?d ?l)) (not (handempty ?r))))
  (:action turnon-tap
    :parameters (?r - robot ?l - location)
    :precondition (and (robotat ?r ?l) (hassink ?l) (not (tapon ?l)))
    :effect (tapon ?l))
  (:action turnoff-tap
    :parameters (?r - robot ?l - location)
    :precondition (and (robotat ?r ?l) (tapon ?l))
    :effect (not (tapon ?l)))
  (:action wash
    :parameters (?r - robot ?d - dish ?l - location)
    :precondition (and (robotat ?r ?l) (holding ?r ?d) (tapon ?l) (dirty ?d))
    :effect (not (dirty ?d)))
  (:action put-away
    :parameters (?r - robot ?d - dish ?l - location)
    :precondition (and (robotat ?r ?l) (holding ?r ?d) (cupboard ?l) (not (dirty ?d)))
    :effect (and (putaway ?d) (dishat ?d ?l) (handempty ?r) (not (holding ?r ?d)))))
