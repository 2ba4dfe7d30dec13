(define (domain memory-garden)
  (:requirements :strips)
  (:types flower layout spot memory visitor - object
           trait garden_area - object)

  (:predicates
    (represents ?f - flower ?t - trait)
    (vision-for ?l - layout ?ga - garden_area)
    (prepared-soil ?s - spot)
    (willing-to-share ?m - memory)
    (reflects-personality ?ga - garden_area)
    (tells-story ?ga - garden_area)
    (planted-in ?f - flower ?s - spot)
    (shared-with ?m - memory ?v - visitor)
    (meaningful ?f - flower)
    (thoughtful-design ?l - layout)
    (properly-planted ?f - flower)
    (honors-memory ?m - memory)
  )

  (:action select
    :parameters (?f - flower ?t - trait)
    :precondition (represents ?f ?t)
    :effect (meaningful ?f)
  )

  (:action design
    :parameters (?l - layout ?ga - garden_area)
    :precondition (vision-for ?l ?ga)
    :effect (and (reflects-personality ?ga)
                 (tells-story ?ga)
                 (thoughtful-design ?l))
  )

  (:action plant
    :parameters (?f - flower ?s - spot)
    :precondition (and (prepared-soil ?s) (meaningful ?f))
    :effect (and (planted-in ?f ?s)
                 (properly-planted ?f))
  )

  (:action share
    :parameters (?m - memory ?v - visitor)
    :precondition (willing-to-share ?m)
    :effect (and (shared-with ?m ?v)
                 (honors-memory ?m))
  )
)
