(define (domain reputation-repair)
  (:requirements :strips)
  (:predicates (acknowledged ?mistake)
               (understands-impact ?mistake)
               (heartfelt-apology ?person ?method)
               (trust-rebuilding-initiated ?person)
               (plan-proposed ?solution)
               (commitment-demonstrated ?solution)
               (plan-accepted ?improvement-plan)
               (efforts-demonstrated ?timeline)
               (feedback-sought ?feedback ?progress)
               (learning-and-adaptation ?feedback))

  (:action reflect
    :parameters (?mistake ?impact)
    :precondition (acknowledged ?mistake)
    :effect (and (understands-impact ?mistake)
                 (not (acknowledged ?mistake))))

  (:action apologize
    :parameters (?person ?method)
    :precondition (heartfelt-apology ?person ?method)
    :effect (and (trust-rebuilding-initiated ?person)
                 (not (heartfelt-apology ?person ?method))))

  (:action propose
    :parameters (?solution ?improvement-plan)
    :precondition (plan-proposed ?solution)
    :effect (and (commitment-demonstrated ?solution)
                 (not (plan-proposed ?solution))))

  (:action implement
    :parameters (?improvement-plan ?timeline)
    :precondition (and (plan-accepted ?improvement-plan)
                       (commitment-demonstrated ?improvement-plan))
    :effect (and (efforts-demonstrated ?timeline)
                 (not (plan-accepted ?improvement-plan))))

  (:action seek
    :parameters (?feedback ?progress)
    :precondition (feedback-sought ?feedback ?progress)
    :effect (and (learning-and-adaptation ?feedback)
                 (not (feedback-sought ?feedback ?progress))))
)
