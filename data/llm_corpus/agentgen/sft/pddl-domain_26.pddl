(define (domain storytelling-workshop)
  (:requirements :strips :typing) ; Include :typing in the requirements
  (:types prompt environment participants story discussion feedback reflection learning) ; Define types
  (:predicates
    (prompt-selected ?p - prompt)
    (environment-established ?e - environment)
    (participants-ready ?p - participants)
    (story-developed ?s - story)
    (discussion-held ?d - discussion)
    (feedback-given ?f - feedback)
    (story-completed ?s - story)
    (reflection-done ?r - reflection)
    (learning-outcomes-identified ?l - learning)
  )

  (:action initiate
    :parameters (?p - prompt ?e - environment)
    :precondition (prompt-selected ?p)
    :effect (and (environment-established ?e)
                 (participants-ready ?p)))

  (:action contribute
    :parameters (?s - story ?p - participants ?e - environment) ; Corrected parameters to include ?p and ?e
    :precondition (and (participants-ready ?p) (environment-established ?e))
    :effect (story-developed ?s))

  (:action facilitate
    :parameters (?s - story ?d - discussion ?f - feedback ?e - environment) ; Corrected parameters to include ?s and ?e
    :precondition (and (story-developed ?s) (environment-established ?e))
    :effect (and (discussion-held ?d) (feedback-given ?f)))

  (:action conclude
    :parameters (?s - story ?d - discussion ?r - reflection) ; Corrected parameters to include ?d
    :precondition (and (story-developed ?s) (discussion-held ?d))
    :effect (and (story-completed ?s) (reflection-done ?r)))

  (:action reflect
    :parameters (?s - story ?r - reflection ?l - learning) ; Corrected parameters to include ?s
    :precondition (and (story-completed ?s) (reflection-done ?r))
    :effect (learning-outcomes-identified ?l))
)
