(define (domain social-skills-workshop)
  (:requirements :strips)
  (:types workshop age_group platform lecturer topic audience panelist participant expert)

  (:predicates
    (supports-interactive-activities ?p - platform)
    (supports-group-discussions ?p - platform)
    (supports-virtual-presentation ?p - platform)
    (supports-multi-speaker-session ?p - platform)
    (supports-interactive-participation ?p - platform)
    (expert-in-psychology-or-social-work ?l - lecturer)
    (registered-audience ?a - audience)
    (has-relevant-experience-or-expertise ?p - panelist)
    (interested-in-learning ?a - audience)
    (prepared-questions ?p - participant)
    (platform-utilized ?p - platform)
    (audience-gained-understanding ?a - audience)
    (participants-gained-insights ?p - participant)
    (experts-shared-knowledge ?e - expert)
  )

  (:action conduct-workshop
    :parameters (?w - workshop ?a - age_group ?p - platform)
    :precondition (and (supports-interactive-activities ?p) (supports-group-discussions ?p))
    :effect (and (platform-utilized ?p)))

  (:action deliver-lecture
    :parameters (?l - lecturer ?t - topic ?a - audience ?p - platform)
    :precondition (and (expert-in-psychology-or-social-work ?l) (registered-audience ?a) (supports-virtual-presentation ?p))
    :effect (and (audience-gained-understanding ?a)))

  (:action host-panel-discussion
    :parameters (?t - topic ?pl - panelist ?a - audience ?p - platform)
    :precondition (and (has-relevant-experience-or-expertise ?pl) (interested-in-learning ?a) (supports-multi-speaker-session ?p))
    :effect (and (participants-gained-insights ?a) (experts-shared-knowledge ?pl)))

  (:action organize-q-and-a-session
    :parameters (?t - topic ?e - expert ?pt - participant ?p - platform)
    :precondition (and (expert-in-psychology-or-social-work ?e) (prepared-questions ?pt) (supports-interactive-participation ?p))
    :effect (and (participants-gained-insights ?pt)))
)
