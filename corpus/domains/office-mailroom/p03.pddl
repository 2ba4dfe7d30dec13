;; Three departments on two floors joined by the lift lobby and a staircase; three incoming letters and one outgoing invoice.
(define (problem office-mailroom-p03)
  (:domain office-mailroom)
  (:objects
    memo-1 memo-2 memo-3 invoice-1 - letter
    finance legal hr - dept
    lift-lobby floor-2 floor-3 - place)
  (:init
    (courier-at mailroom)
    (corridor mailroom lift-lobby)
    (corridor lift-lobby mailroom)
    (corridor lift-lobby floor-2)
    (corridor floor-2 lift-lobby)
    (corridor lift-lobby floor-3)
    (corridor floor-3 lift-lobby)
    (corridor floor-2 floor-3)
    (corridor floor-3 floor-2)
    (office-of finance floor-2)
    (office-of hr floor-2)
    (office-of legal floor-3)
    (in-intake memo-1)
    (in-intake memo-2)
    (in-pigeonhole memo-3 legal)
    (addressed-to memo-1 finance)
    (addressed-to memo-2 hr)
    (addressed-to memo-3 legal)
    (outgoing-at invoice-1 floor-2))
  (:goal (and
    (delivered memo-1)
    (delivered memo-2)
    (delivered memo-3)
    (posted invoice-1)))
)
