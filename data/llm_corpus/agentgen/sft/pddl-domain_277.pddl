(define (domain satirical-journalism)
  (:requirements :strips)
  (:predicates
    (has-access-to-news)
    (has-keen-sense-of-humor)
    (has-strong-command-of-language)
    (understands-topics)
    (article-written)
    (article-published)
    (feedback-collected)
    (has-journalistic-integrity)
    (list-of-topics-created)
    (monitored-social-media)
  )

  (:action research
    :parameters (?satirical-topics - object ?global-events - object)
    :precondition (and (has-access-to-news) (has-keen-sense-of-humor))
    :effect (and (list-of-topics-created))
  )

  (:action write
    :parameters (?satirical-article - object ?journalistic-integrity - object)
    :precondition (and (has-strong-command-of-language) (understands-topics) (list-of-topics-created))
    :effect (and (article-written) (has-journalistic-integrity))
  )

  (:action monitor
    :parameters (?reader-reactions - object ?social-media - object)
    :precondition (and (article-published))
    :effect (and (feedback-collected) (monitored-social-media))
  )
)
