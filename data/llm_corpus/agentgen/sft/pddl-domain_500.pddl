(define (domain mount_stuart_climbing)
  (:requirements :strips)
  (:predicates
    (identified-feature ?f)
    (researched-feature ?f)
    (identified-technique ?t)
    (learned-technique ?t)
    (evaluated-challenge ?c ?s)
  )

  (:action research
    :parameters (?f)
    :precondition (identified-feature ?f)
    :effect (researched-feature ?f)
  )

  (:action learn
    :parameters (?t)
    :precondition (identified-technique ?t)
    :effect (learned-technique ?t)
  )

  (:action evaluate
    :parameters (?c ?s ?f ?t)
    :precondition (and (researched-feature ?f) (learned-technique ?t))
    :effect (evaluated-challenge ?c ?s)
  )
)
