(define (domain email-marketing)
  (:requirements :strips :typing)
  (:types
    email_content
    recipient
    HTML_element
  )
  (:predicates
    (code-written ?e - email_content)
    (test-sent ?e - email_content ?r - recipient)
    (feedback-analyzed ?r - recipient)
    (html-element-included ?element - HTML_element ?e - email_content)
    (complies-laws ?e - email_content)
    (relevant-content ?e - email_content)
    (clean-html ?e - email_content)
  )

  (:action write_code
    :parameters (?element - HTML_element ?e - email_content)
    :precondition (and (not (code-written ?e)) (clean-html ?e))
    :effect (and (code-written ?e) (html-element-included ?element ?e) (complies-laws ?e) (relevant-content ?e)))

  (:action test_email
    :parameters (?e - email_content ?r - recipient)
    :precondition (and (code-written ?e) (complies-laws ?e) (relevant-content ?e))
    :effect (test-sent ?e ?r))

  (:action analyze_feedback
    :parameters (?e - email_content ?r - recipient) ; Corrected to include ?e
    :precondition (test-sent ?e ?r)
    :effect (feedback-analyzed ?r))
)
