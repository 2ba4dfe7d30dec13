(define (domain sports-upsets-exhibit)
  (:requirements :strips :typing) ; Added :typing to requirements
  (:types story sport presentation platform impact feedback analytics)
  (:predicates
    (access-to-archives)
    (researched ?story - story)
    (has-digital-tools)
    (created ?presentation - presentation)
    (has-online-platform)
    (shared ?presentation - presentation)
    (has-visitor-feedback)
    (evaluated ?impact - impact)
  )

  (:action research
    :parameters (?story - story ?sport - sport)
    :precondition (access-to-archives)
    :effect (researched ?story)
  )

  (:action create
    :parameters (?presentation - presentation ?story - story)
    :precondition (and (researched ?story) (has-digital-tools))
    :effect (created ?presentation)
  )

  (:action share
    :parameters (?presentation - presentation ?platform - platform)
    :precondition (and (created ?presentation) (has-online-platform))
    :effect (shared ?presentation)
  )

  (:action evaluate
    :parameters (?impact - impact ?feedback - feedback ?analytics - analytics ?presentation - presentation) ; Corrected by adding ?presentation
    :precondition (and (shared ?presentation) (has-visitor-feedback))
    :effect (evaluated ?impact)
  )
)
