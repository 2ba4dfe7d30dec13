(define (domain programming-languages-hardware-interaction)
  (:requirements :strips)
  (:predicates
    (supports-code-snippets ?platform)
    (supports-interactive-coding ?platform)
    (supports-automatic-evaluation ?platform)
    (supports-live-presentation ?platform)
    (supports-audience-interaction ?platform)
    (supports-multimedia-presentation ?platform)
    (participants-familiar-with-basics)
    (presenter-expert-in-languages)
    (audience-interested-in-hardware-programming)
    (project-demonstrates-innovation ?project)
    (participants-willing-to-share ?participants)
    (platform-utilized-for-education ?platform)
    (knowledge-applied-in-practical-context)
    (comparative-advantages-understood)
    (community-of-practice-and-innovation-built)
  )

  (:action develop-tutorial
    :parameters (?tutorial ?topic ?platform)
    :precondition (and (supports-code-snippets ?platform) (supports-interactive-coding ?platform))
    :effect (platform-utilized-for-education ?platform)
  )

  (:action organize-coding-challenge
    :parameters (?challenge ?language ?platform)
    :precondition (and (supports-automatic-evaluation ?platform) (participants-familiar-with-basics))
    :effect (knowledge-applied-in-practical-context)
  )

  (:action host-comparison-webinar
    :parameters (?webinar ?topics ?audience ?platform)
    :precondition (and (presenter-expert-in-languages) (audience-interested-in-hardware-programming) (supports-live-presentation ?platform) (supports-audience-interaction ?platform))
    :effect (comparative-advantages-understood)
  )

  (:action facilitate-project-showcase
    :parameters (?project ?languages ?participants ?platform)
    :precondition (and (project-demonstrates-innovation ?project) (participants-willing-to-share ?participants) (supports-multimedia-presentation ?platform))
    :effect (community-of-practice-and-innovation-built)
  )
)
