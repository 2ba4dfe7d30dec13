;; One letter for finance upstairs; finance also has an outgoing invoice to post.
(define (problem office-mailroom-p02)
  (:domain office-mailroom)
  (:objects
    memo-1 invoice-1 - letter
    finance - dept
    lift-lobby floor-2 - place)
  (:init
    (courier-at mailroom)
    (corridor mailroom lift-lobby)
    (corridor lift-lobby mailroom)
    (corridor lift-lobby floor-2)
    (corridor floor-2 lift-lobby)
    (office-of finance floor-2)
    (in-intake memo-1)
    (addressed-to memo-1 finance)
    (outgoing-at invoice-1 floor-2))
  (:goal (and
    (delivered memo-1)
    (posted invoice-1)))
)
