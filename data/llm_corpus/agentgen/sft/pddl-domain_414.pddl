(define (domain mpemba-effect)
  (:requirements :strips :typing)
  (:types water_sample freezer_setting temperature time)

  (:predicates
    (at-temp ?w - water_sample ?t - temperature)
    (freezer-at ?f - freezer_setting)
    (time-recorded ?w - water_sample ?t - time)
    (compared ?w1 - water_sample ?w2 - water_sample))

  (:action heat
    :parameters (?w - water_sample ?it - temperature ?ft - temperature)
    :precondition (at-temp ?w ?it)
    :effect (and (at-temp ?w ?ft)
                 (not (at-temp ?w ?it))))

  (:action cool
    :parameters (?w - water_sample ?it - temperature ?ft - temperature ?f - freezer_setting)
    :precondition (and (at-temp ?w ?it) (freezer-at ?f))
    :effect (at-temp ?w ?ft))

  (:action measureTime
    :parameters (?w - water_sample ?f - freezer_setting ?time - time)
    :precondition (and (at-temp ?w ?time) (freezer-at ?f))
    :effect (time-recorded ?w ?time))

  (:action adjustFreezer
    :parameters (?of - freezer_setting ?nf - freezer_setting)
    :precondition (freezer-at ?of)
    :effect (and (freezer-at ?nf)
                 (not (freezer-at ?of))))

  (:action compareResults
    :parameters (?w1 - water_sample ?w2 - water_sample ?t1 - time ?t2 - time)
    :precondition (and (time-recorded ?w1 ?t1) (time-recorded ?w2 ?t2))
    :effect (compared ?w1 ?w2))
)
