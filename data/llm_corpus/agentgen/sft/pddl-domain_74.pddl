(define (domain document-editing)
  (:requirements :strips)
  (:predicates
    (text-selected ?text)
    (clear-note-needed ?text)
    (footnote-inserted ?text)
    (issue-identified ?issue)
    (software-known ?software)
    (footnote-correctly-displayed)
  )

  (:action insert-footnote
    :parameters (?text ?note)
    :precondition (and (text-selected ?text) (clear-note-needed ?text))
    :effect (and (footnote-inserted ?text)
                 (not (clear-note-needed ?text))))

  (:action troubleshoot
    :parameters (?issue ?software)
    :precondition (and (issue-identified ?issue) (software-known ?software))
    :effect (footnote-correctly-displayed)
  )
)
