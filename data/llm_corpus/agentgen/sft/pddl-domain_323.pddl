(define (domain browser-dev-tools)
  (:requirements :strips)
  (:predicates
    (tool-initiated)
    (browser-identified ?browser)
    (instructions-displayed ?browser)
    (troubleshooting-offered)
  )

  (:action identify_browser
    :parameters (?user_agent ?preferences ?browser)
    :precondition (tool-initiated)
    :effect (and (browser-identified ?browser))
  )

  (:action display_instructions
    :parameters (?browser ?visual_aids)
    :precondition (browser-identified ?browser)
    :effect (and (instructions-displayed ?browser))
  )

  (:action offer_troubleshooting_tips
    :parameters (?browser ?common_issues ?solutions)
    :precondition (instructions-displayed ?browser)
    :effect (and (troubleshooting-offered))
  )
)
