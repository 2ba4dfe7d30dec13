;; One letter for the finance office next door.
(define (problem office-mailroom-p01)
  (:domain office-mailroom)
  (:objects
    memo-1 - letter
    finance - dept
    floor-1-east - place)
  (:init
    (courier-at mailroom)
    (corridor mailroom floor-1-east)
    (corridor floor-1-east mailroom)
    (office-of finance floor-1-east)
    (in-intake memo-1)
    (addressed-to memo-1 finance))
  (:goal (and
    (delivered memo-1)))
)
